-- Checks a shipped setup (init-0.7.lua, init-0.8.lua, init-0.11.lua) as a user gets it: the file is loaded
-- as the user's init.lua would load it, `pureyaml` is found on PATH, and the keys a user presses are
-- pressed.
--
-- Run: E2E_INIT=editors/neovim/init-0.7.lua E2E_RESULT=/tmp/result.json PATH=.build/debug:$PATH \
--        nvim --headless --clean -u editors/neovim/test/setup.lua FILE.yaml
--
-- FILE must hold an anchor `&base` on line 1 and an alias `*base` on line ALIAS_LINE (1-based, default 5),
-- at the column of the first `*` on that line. Steps: wait for the client to attach and
-- answer a first request; `K` on the alias (a hover request and a floating window); `gd` on it (a definition
-- request, the cursor on the anchor's line); 'omnifunc' and a completion request through it; `grn` with
-- vim.ui.input answering `renamed` (a rename request, the anchor and alias renamed); `gra` with
-- vim.ui.select choosing nothing (a code action request); `:write` (format on save). The script only
-- observes; Tests/EndToEndTests/NeovimSetupTests.swift asserts on the result.

local result_path = assert(os.getenv('E2E_RESULT'), 'E2E_RESULT is not set')
local init = assert(os.getenv('E2E_INIT'), 'E2E_INIT is not set')
local alias_line = tonumber(os.getenv('ALIAS_LINE') or '') or 5
local timeout = 15000

vim.o.showmode = false
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'F'
-- Prompts answered as a user would: the new name for rename, nothing chosen among code actions.
vim.ui.input = function(_, on_confirm) on_confirm('renamed') end

local state = {
  nvim_version = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch,
  init = init,
  steps = {},
  requests = {},
}
vim.ui.select = function(items, _, on_choice)
  state.code_action_items = #items
  on_choice(nil, nil)
end

dofile(init)

local function write_result()
  local encode = (vim.json and vim.json.encode) or vim.fn.json_encode
  local f = assert(io.open(result_path, 'w'))
  f:write(encode(state))
  f:close()
end

local function clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.lsp.buf_get_clients(bufnr)
end

local function pureyaml(bufnr)
  for _, c in pairs(clients(bufnr)) do
    if c.name == 'pureyaml' then return c end
  end
end

local function wait(predicate)
  return vim.wait(timeout, predicate, 10)
end

local function press(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'x', false)
end

local function count(method)
  return state.requests[method] or 0
end

local function floating_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      local buf = vim.api.nvim_win_get_buf(win)
      return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    end
  end
end

local function step(name)
  table.insert(state.steps, name)
  state.ms = state.ms or {}
  state.ms[name] = vim.loop.now()
end

local function run()
  local bufnr = vim.api.nvim_get_current_buf()
  step('attach')
  if not wait(function() local c = pureyaml(bufnr); return c ~= nil and c.initialized ~= false end) then
    state.error = 'pureyaml did not attach'
    return
  end
  local c = pureyaml(bufnr)
  state.attached = true
  -- Every request the client sends, by method.
  local request = c.rpc.request
  c.rpc.request = function(method, ...)
    state.requests[method] = (state.requests[method] or 0) + 1
    return request(method, ...)
  end
  -- The server has read the file once it answers a request about it.
  vim.lsp.buf_request_sync(bufnr, 'textDocument/documentSymbol',
    { textDocument = vim.lsp.util.make_text_document_params(bufnr) }, timeout)
  -- 0.11 attaches its default keys from its own LspAttach handler: let it run.
  vim.wait(200, function() return false end)

  local alias_col = vim.api.nvim_buf_get_lines(bufnr, alias_line - 1, alias_line, false)[1]:find('*', 1, true)
  local function on_alias() vim.api.nvim_win_set_cursor(0, { alias_line, alias_col }) end

  step('K')
  on_alias()
  press('K')
  wait(function() return count('textDocument/hover') > 0 and floating_text() ~= nil end)
  state.hover_requests = count('textDocument/hover')
  state.hover_float = floating_text()
  on_alias() -- moving the cursor closes the float

  step('gd')
  press('gd')
  wait(function() return count('textDocument/definition') > 0 and vim.api.nvim_win_get_cursor(0)[1] == 1 end)
  state.definition_requests = count('textDocument/definition')
  state.cursor_after_gd = vim.api.nvim_win_get_cursor(0)

  step('omnifunc')
  state.omnifunc = vim.bo[bufnr].omnifunc
  state.tagfunc = vim.bo[bufnr].tagfunc
  -- The omnifunc's second call (findstart = 0) sends the completion request; its answer is only shown in
  -- insert mode, so this checks the request, not the menu.
  vim.api.nvim_win_set_cursor(0, { 2, 2 })
  local ok = pcall(function()
    if state.omnifunc == 'v:lua.vim.lsp.omnifunc' then
      vim.lsp.omnifunc(1, '')
      vim.lsp.omnifunc(0, '')
    end
  end)
  state.omnifunc_called = ok
  wait(function() return count('textDocument/completion') > 0 end)
  state.completion_requests = count('textDocument/completion')

  step('grn')
  on_alias()
  press('grn')
  wait(function() return count('textDocument/rename') > 0 and vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]:find('&renamed', 1, true) ~= nil end)
  state.rename_requests = count('textDocument/rename')

  step('gra')
  on_alias()
  press('gra')
  wait(function() return count('textDocument/codeAction') > 0 and state.code_action_items ~= nil end)
  state.code_action_requests = count('textDocument/codeAction')

  step('write')
  vim.cmd('silent write')
  state.formatting_requests = count('textDocument/formatting')
  state.buffer_after_write = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')

  step('stop')
  vim.lsp.stop_client(c.id)
  wait(function() return vim.lsp.get_client_by_id(c.id) == nil end)
  step('done')
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.schedule(function()
      local ok, err = xpcall(run, debug.traceback)
      if not ok then state.error = 'Lua error: ' .. tostring(err) end
      pcall(write_result)
      vim.cmd('qa!')
    end)
  end,
})
