-- PureYAML with Neovim 0.7 (Debian 12's neovim package): no vim.lsp.start yet, so start the client once
-- and attach every YAML buffer to it. Paste into init.lua.
local client_id = nil
-- Server settings. 0.7 neither sends them nor advertises workspace/configuration, so they go with
-- initialize as init_options (the server reads both shapes).
local settings = {
  pureyaml = { format = { indentWidth = 2, sequenceIndent = 'preserve' } },
}
local group = vim.api.nvim_create_augroup('pureyaml', { clear = true })

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
