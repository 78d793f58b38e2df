-- PureYAML with Neovim 0.8 to 0.10 (vim.lsp.start from a FileType autocommand). Paste into init.lua.
-- Also works on 0.11, where init-0.11.lua is the preferred form.
-- yamllint's configuration file is YAML too (Neovim gives `.yamllint` no filetype).
vim.filetype.add({ filename = { ['.yamllint'] = 'yaml' } })
local group = vim.api.nvim_create_augroup('pureyaml', { clear = true })
-- Server settings, also passed as init_options: clients before 0.10 do not send `settings` on their own.
local settings = {
  pureyaml = { format = { indentWidth = 2, sequenceIndent = 'preserve' } },
}

vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = 'yaml',
  callback = function(args)
    local dir = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf))
    local marker = vim.fs.find({ '.git' }, { upward = true, path = dir })[1]
    vim.lsp.start({
      name = 'pureyaml', -- a running client with the same name and root_dir is reused
      cmd = { 'pureyaml', 'lsp' },
      root_dir = marker and vim.fs.dirname(marker) or dir,
      settings = settings,
      init_options = settings,
    })
  end,
})

-- Keys: 0.8 and 0.9 map nothing for LSP (0.10 maps K and sets omnifunc and tagfunc; 0.11 adds grn, gra,
-- grr, gri), so give every buffer pureyaml attaches to the keys 0.11 has, and gd.
vim.api.nvim_create_autocmd('LspAttach', {
  group = group,
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if not client or client.name ~= 'pureyaml' then return end
    local bufnr = args.buf
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
    vim.bo[bufnr].tagfunc = 'v:lua.vim.lsp.tagfunc'
    local function map(modes, lhs, rhs, desc)
      vim.keymap.set(modes, lhs, rhs, { buffer = bufnr, desc = desc })
    end
    map('n', 'K', vim.lsp.buf.hover, 'Hover')
    map('n', 'gd', vim.lsp.buf.definition, 'Go to definition')
    map('n', 'grr', vim.lsp.buf.references, 'References')
    map('n', 'grn', vim.lsp.buf.rename, 'Rename')
    map({ 'n', 'x' }, 'gra', vim.lsp.buf.code_action, 'Code actions')
  end,
})

-- Format on save.
vim.api.nvim_create_autocmd('BufWritePre', {
  group = group,
  pattern = { '*.yaml', '*.yml' },
  callback = function(args)
    vim.lsp.buf.format({ bufnr = args.buf, name = 'pureyaml', timeout_ms = 2000 })
  end,
})
