-- PureYAML with Neovim 0.11+ (vim.lsp.config / vim.lsp.enable). Paste into init.lua.
-- yamllint's configuration file is YAML too (Neovim gives `.yamllint` no filetype).
vim.filetype.add({ filename = { ['.yamllint'] = 'yaml' } })
vim.lsp.config('pureyaml', {
  cmd = { 'pureyaml', 'lsp' }, -- or an absolute path to the binary
  filetypes = { 'yaml' },
  root_markers = { '.git' },
  settings = {
    pureyaml = { format = { indentWidth = 2, sequenceIndent = 'preserve' } },
  },
})
vim.lsp.enable('pureyaml')

-- Keys: 0.11 maps K (hover), grn (rename), gra (code actions), grr (references), gri and sets omnifunc
-- (<C-x><C-o>) and tagfunc (<C-]>) in every buffer a server attaches to; gd for definition is added below.
-- Format on save, for buffers where pureyaml is attached and offers formatting.
vim.api.nvim_create_autocmd('LspAttach', {
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if not client or client.name ~= 'pureyaml' then return end
    vim.keymap.set('n', 'gd', vim.lsp.buf.definition, { buffer = args.buf, desc = 'Go to definition' })
    if client:supports_method('textDocument/formatting', args.buf) then
      vim.api.nvim_create_autocmd('BufWritePre', {
        buffer = args.buf,
        group = vim.api.nvim_create_augroup('pureyaml_format_' .. args.buf, { clear = true }),
        callback = function()
          vim.lsp.buf.format({ bufnr = args.buf, id = client.id, timeout_ms = 2000 })
        end,
      })
    end
  end,
})
