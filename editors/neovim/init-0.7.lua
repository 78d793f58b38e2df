-- PureYAML with Neovim 0.7 (Debian 12's neovim package): no vim.lsp.start yet, so start the client once
-- and attach every YAML buffer to it. Paste into init.lua.
--
-- 0.7 maps nothing for LSP by itself (`K` still opens a man page), so `on_attach` below gives each YAML
-- buffer the keys that Neovim 0.11 maps by default: K hover, gd definition, grr references, grn rename,
-- gra code actions, completion with <C-x><C-o> (omnifunc), <C-]> through the server (tagfunc).
local client_id = nil
-- Server settings. 0.7 neither sends them nor advertises workspace/configuration, so they go with
-- initialize as init_options (the server reads both shapes).
local settings = {
  pureyaml = { format = { indentWidth = 2, sequenceIndent = 'preserve' } },
}
local group = vim.api.nvim_create_augroup('pureyaml', { clear = true })

local function on_attach(_, bufnr)
  vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
  vim.api.nvim_buf_set_option(bufnr, 'tagfunc', 'v:lua.vim.lsp.tagfunc')
  local function map(lhs, rhs, desc)
    vim.keymap.set('n', lhs, rhs, { buffer = bufnr, desc = desc })
  end
  map('K', vim.lsp.buf.hover, 'Hover')
  map('gd', vim.lsp.buf.definition, 'Go to definition')
  map('grr', vim.lsp.buf.references, 'References')
  map('grn', vim.lsp.buf.rename, 'Rename')
  map('gra', vim.lsp.buf.code_action, 'Code actions')
  -- In visual mode, through `:` so that the '< and '> marks hold the selection.
  vim.keymap.set('x', 'gra', ':<C-u>lua vim.lsp.buf.range_code_action()<CR>', { buffer = bufnr, desc = 'Code actions' })
  map('[d', vim.diagnostic.goto_prev, 'Previous diagnostic')
  map(']d', vim.diagnostic.goto_next, 'Next diagnostic')
end

vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = 'yaml',
  callback = function(args)
    if not client_id or not vim.lsp.get_client_by_id(client_id) then
      client_id = vim.lsp.start_client({
        name = 'pureyaml',
        cmd = { 'pureyaml', 'lsp' },
        root_dir = vim.fn.getcwd(),
        settings = settings,
        init_options = settings,
        on_attach = on_attach,
      })
    end
    if client_id then vim.lsp.buf_attach_client(args.buf, client_id) end
  end,
})

-- Format on save (0.7 has formatting_sync; vim.lsp.buf.format arrived in 0.8).
vim.api.nvim_create_autocmd('BufWritePre', {
  group = group,
  pattern = { '*.yaml', '*.yml' },
  callback = function()
    vim.lsp.buf.formatting_sync(nil, 2000)
  end,
})
