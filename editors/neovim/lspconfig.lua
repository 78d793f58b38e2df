-- PureYAML through nvim-lspconfig's setup() framework (for Neovim 0.8 to 0.10 with nvim-lspconfig
-- before 2.0). nvim-lspconfig does not ship a pureyaml config, so register one. On 0.11 prefer
-- init-0.11.lua: vim.lsp.config replaces this framework.
local lspconfig = require('lspconfig')
local configs = require('lspconfig.configs')

if not configs.pureyaml then
  configs.pureyaml = {
    default_config = {
      cmd = { 'pureyaml', 'lsp' },
      filetypes = { 'yaml' },
      root_dir = lspconfig.util.root_pattern('.git'),
      single_file_support = true,
      settings = {},
    },
    docs = {
      description = 'PureYAML: YAML language server (diagnostics, outline, formatting).',
    },
  }
end

lspconfig.pureyaml.setup({
  settings = {
    pureyaml = { format = { indentWidth = 2, sequenceIndent = 'preserve' } },
  },
  on_attach = function(client, bufnr)
    -- Format on save.
    vim.api.nvim_create_autocmd('BufWritePre', {
      buffer = bufnr,
      group = vim.api.nvim_create_augroup('pureyaml_format_' .. bufnr, { clear = true }),
      callback = function()
        vim.lsp.buf.format({ bufnr = bufnr, id = client.id, timeout_ms = 2000 })
      end,
    })
  end,
})
