-- Neovim 0.11+: put this file at ~/.config/nvim/lsp/pureyaml.lua (any `lsp/` folder on 'runtimepath')
-- and call vim.lsp.enable('pureyaml') from init.lua. vim.lsp.config('pureyaml', {...}) overrides fields.
return {
  cmd = { 'pureyaml', 'lsp' },
  filetypes = { 'yaml' },
  root_markers = { '.git' },
  -- Sent with initialize and answered for workspace/configuration.
  settings = {
    pureyaml = {
      format = { indentWidth = 2, sequenceIndent = 'preserve', maxBlankLines = 1 },
      maxItemsComputed = 5000,
    },
    -- yaml-language-server names are understood too:
    -- yaml = { schemas = { ['https://json.schemastore.org/github-workflow.json'] = '.github/workflows/*.yml' } },
  },
}
