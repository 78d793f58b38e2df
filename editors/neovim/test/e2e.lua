-- End-to-end check of `pureyaml lsp` through Neovim's own LSP client (Neovim 0.7 to 0.11+).
--
-- Run: PUREYAML_BIN=/path/to/pureyaml E2E_RESULT=/tmp/result.json \
--        nvim --headless --clean -u editors/neovim/test/e2e.lua FILE.yaml
--
-- Environment:
--   PUREYAML_BIN   the server executable (default: pureyaml); started as `PUREYAML_BIN lsp`
--   E2E_RESULT     where the JSON result goes (required)
--   E2E_EDIT       "1": also edit the buffer (break a line, repair it, type a comment) before saving
--   E2E_TIMEOUT_MS longest wait for one reply (default 15000)
--   E2E_SETTINGS   the client's `settings` as a JSON object (default: {"pureyaml":{"maxItemsComputed":5000}})
--   E2E_CODE_ACTION the code `E2E_FIX_CODE` (a diagnostic code, e.g. a lint rule): ask for code actions on the
--                  first diagnostic with that code, pick its quick fix, resolve it (`codeAction/resolve`) when
--                  it has no edit and the server advertises resolveProvider, as vim.lsp.buf.code_action does,
--                  and apply the edit. "client": the client's own capabilities; "eager": the same without
--                  `textDocument.codeAction.resolveSupport`, so edits must come with the list
--   E2E_EXPECT_DIAGNOSTIC text that a diagnostic of the opened buffer must come to contain without any edit
--                  (a schema finding): after the first diagnostics, wait up to E2E_TIMEOUT_MS for it
--
-- The script only observes; Tests/EndToEndTests/NeovimEndToEndTests.swift asserts on the result. It
-- exits 0 after writing the result, 3 when a Lua error stopped it (the error is in the result too).
-- Positions in `symbols` and `hover` are raw LSP positions in `offset_encoding`; lines in `diagnostics`
-- come from vim.diagnostic.get() (0-based lines, byte columns).

local uv = vim.loop
local result_path = os.getenv('E2E_RESULT')
local server = os.getenv('PUREYAML_BIN') or 'pureyaml'
local do_edit = os.getenv('E2E_EDIT') == '1'
local timeout = tonumber(os.getenv('E2E_TIMEOUT_MS') or '') or 15000
local expect_diagnostic = os.getenv('E2E_EXPECT_DIAGNOSTIC')
local decode = (vim.json and vim.json.decode) or vim.fn.json_decode
-- Server settings (a JSON object), sent by the client on didChangeConfiguration and workspace/configuration.
local settings = os.getenv('E2E_SETTINGS') and decode(os.getenv('E2E_SETTINGS'))
  or { pureyaml = { maxItemsComputed = 5000 } }
local code_action_mode = os.getenv('E2E_CODE_ACTION')
local fix_code = os.getenv('E2E_FIX_CODE')

local is_011 = vim.fn.has('nvim-0.11') == 1
local has_start = vim.lsp.start ~= nil -- 0.8+

vim.o.showmode = false
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'F'
vim.lsp.set_log_level('warn')

local state = {
  nvim_version = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch,
  server = server,
  steps = {},
  publishes = {}, -- every publishDiagnostics: uri, version, count, error lines
  notifications = {}, -- method -> count of notifications the client sent
  content_changes = 0, -- contentChanges carried by all didChange notifications
  requests = {}, -- method -> count of requests the client sent
}
local client_id = nil

local function log_step(name)
  state.steps[#state.steps + 1] = name
end

-- JSON-safe copy: drops functions and userdata other than vim.NIL, and cycles.
local function plain(value, seen)
  local t = type(value)
  if value == vim.NIL then return vim.NIL end
  if t == 'table' then
    seen = seen or {}
    if seen[value] then return nil end
    seen[value] = true
    local out = {}
    for k, v in pairs(value) do
      if type(k) == 'string' or type(k) == 'number' then
        if k ~= '_index' then out[k] = plain(v, seen) end
      end
    end
    seen[value] = nil
    return out
  elseif t == 'string' or t == 'number' or t == 'boolean' then
    return value
  end
  return nil
end

local function write_result()
  local encode = (vim.json and vim.json.encode) or vim.fn.json_encode
  local f = assert(io.open(result_path, 'w'))
  f:write(encode(plain(state)))
  f:close()
end

local function finish(code)
  write_result()
  if code == 0 then vim.cmd('qa!') else vim.cmd('cq ' .. code) end
end

local function fail(message)
  state.error = message
  finish(0)
end

local function client()
  return client_id and vim.lsp.get_client_by_id(client_id) or nil
end

local function supports(c, method, bufnr)
  if is_011 then return c:supports_method(method, bufnr) end
  return c.supports_method(method)
end

local function wait(ms, predicate)
  return vim.wait(ms, predicate, 10)
end

-- buf_request_sync for one client; returns result, error (the error key differs by version).
local function request(bufnr, method, params)
  local replies, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout)
  if not replies then return nil, { message = 'no reply: ' .. tostring(err) } end
  local reply = replies[client_id]
  if not reply then return nil, { message = 'no reply from client ' .. tostring(client_id) } end
  local e = reply.err or reply.error
  return reply.result, e
end

-- The raw LSP diagnostics of the latest publish (or full pull report), by URI.
local latest_diagnostics = {}

-- The `code` of each diagnostic, as strings ("" when absent).
local function diagnostic_codes(diagnostics)
  local out = {}
  for _, d in ipairs(diagnostics or {}) do
    out[#out + 1] = (d.code ~= nil and d.code ~= vim.NIL) and tostring(d.code) or ''
  end
  return out
end

-- The diagnostics handler: keep the default behaviour, and record what arrived.
local function on_publish(err, params, ctx, config)
  if params then
    local errors = {}
    for _, d in ipairs(params.diagnostics or {}) do
      if d.severity == 1 or d.severity == nil then errors[#errors + 1] = d.range.start.line end
    end
    state.publishes[#state.publishes + 1] = {
      uri = params.uri,
      version = params.version,
      count = #(params.diagnostics or {}),
      error_lines = errors,
      codes = diagnostic_codes(params.diagnostics),
      at = uv.now(),
    }
    latest_diagnostics[params.uri] = params.diagnostics or {}
  end
  return vim.lsp.diagnostic.on_publish_diagnostics(err, params, ctx, config)
end

-- Pull diagnostics (0.10+ pulls `textDocument/diagnostic` itself when the server advertises
-- diagnosticProvider, and the server then does not push): record each full report like a publish,
-- with the buffer version the request was made for, then let the default handler show it.
local function on_pull(err, result, ctx, config)
  if result and result.kind == 'full' and ctx and ctx.params and ctx.params.textDocument then
    local errors = {}
    for _, d in ipairs(result.items or {}) do
      if d.severity == 1 or d.severity == nil then errors[#errors + 1] = d.range.start.line end
    end
    state.publishes[#state.publishes + 1] = {
      uri = ctx.params.textDocument.uri,
      version = ctx.version,
      count = #(result.items or {}),
      error_lines = errors,
      codes = diagnostic_codes(result.items),
      at = uv.now(),
      pulled = true,
    }
    latest_diagnostics[ctx.params.textDocument.uri] = result.items or {}
  end
  return vim.lsp.diagnostic.on_diagnostic(err, result, ctx, config)
end

local function wrap_rpc(c)
  local notify = c.rpc.notify
  c.rpc.notify = function(method, params, ...)
    state.notifications[method] = (state.notifications[method] or 0) + 1
    if method == 'textDocument/didChange' and params and params.contentChanges then
      state.content_changes = state.content_changes + #params.contentChanges
      state.last_change_version = params.textDocument.version
    end
    return notify(method, params, ...)
  end
  local req = c.rpc.request
  c.rpc.request = function(method, ...)
    state.requests[method] = (state.requests[method] or 0) + 1
    return req(method, ...)
  end
end

-- E2E_CODE_ACTION: the `textDocument.codeAction` client capabilities the `initialize` request carries.
-- Changed in before_init, on the parameters about to be sent: 0.11 deep-merges `config.capabilities`
-- into its defaults, so a capability cannot be removed there.
local declared_code_action = nil
local function before_init(params)
  if not code_action_mode then return end
  local code_action = params.capabilities.textDocument.codeAction
  if code_action_mode == 'eager' then code_action.resolveSupport = nil end
  declared_code_action = vim.deepcopy(code_action)
end

local function config_for(bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  return {
    name = 'pureyaml',
    before_init = before_init,
    cmd = { server, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    handlers = { ['textDocument/publishDiagnostics'] = on_publish, ['textDocument/diagnostic'] = on_pull },
    settings = settings,
    on_init = function(c, initialize_result)
      state.initialized = true
      state.capabilities = initialize_result and initialize_result.capabilities
      state.server_info = initialize_result and initialize_result.serverInfo
      wrap_rpc(c)
      -- 0.11 sends the settings on its own (and answers workspace/configuration, which 0.7 does not
      -- even advertise); older clients leave it to the configuration, as nvim-lspconfig does.
      if not is_011 then c.notify('workspace/didChangeConfiguration', { settings = settings }) end
    end,
    on_exit = function(code, signal)
      state.exit = { code = code, signal = signal }
    end,
  }
end

-- Starting the client: 0.8+ has vim.lsp.start; 0.7 needs start_client + buf_attach_client.
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  callback = function(args)
    local bufnr = args.buf
    if has_start then
      client_id = vim.lsp.start(config_for(bufnr))
    else
      client_id = client_id or vim.lsp.start_client(config_for(bufnr))
      vim.lsp.buf_attach_client(bufnr, client_id)
    end
  end,
})

-- Format on save, as a user would configure it.
vim.api.nvim_create_autocmd('BufWritePre', {
  pattern = '*',
  callback = function(args)
    state.format_on_save_ran = true
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ bufnr = args.buf, id = client_id, timeout_ms = timeout })
    else
      vim.lsp.buf.formatting_sync(nil, timeout)
    end
  end,
})

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
end

local function publishes_for(uri)
  local out = {}
  for _, p in ipairs(state.publishes) do
    if p.uri == uri then out[#out + 1] = p end
  end
  return out
end

-- Waits for a publish for `uri` with a version >= `version` (any publish when version is nil).
local function wait_publish(uri, version, after, ms)
  local found = nil
  local ok = wait(ms or timeout, function()
    for _, p in ipairs(publishes_for(uri)) do
      local fresh = (after == nil or p.at >= after)
      if fresh and (version == nil or (p.version ~= nil and p.version ~= vim.NIL and p.version >= version)) then
        found = p
        return true
      end
    end
    return false
  end)
  return ok and found or nil
end

local function symbol_summary(symbols)
  local out = {}
  for _, s in ipairs(symbols or {}) do
    local children, child_selections = {}, {}
    for _, child in ipairs(s.children or {}) do
      children[#children + 1] = child.name
      child_selections[#child_selections + 1] = child.selectionRange and child.selectionRange.start or { line = -1, character = -1 }
    end
    out[#out + 1] = {
      name = s.name,
      kind = s.kind,
      detail = s.detail,
      line = s.range and s.range.start.line or (s.location and s.location.range.start.line),
      selection = s.selectionRange and s.selectionRange.start or nil,
      children = children,
      child_selections = child_selections,
      hierarchical = s.selectionRange ~= nil,
    }
  end
  return out
end

local function hover_text(contents)
  if contents == nil or contents == vim.NIL then return '' end
  if type(contents) == 'string' then return contents end
  if contents.value then return contents.value end
  local parts = {}
  for _, c in ipairs(contents) do
    parts[#parts + 1] = type(c) == 'string' and c or (c.value or '')
  end
  return table.concat(parts, '\n')
end

-- E2E_CODE_ACTION: the quick fix for the first diagnostic coded `fix_code`, picked, resolved when needed
-- (the test as vim.lsp.buf.code_action does it: resolve only an action without `edit`, and only when the
-- server advertises codeActionProvider.resolveProvider), applied, then the next diagnostics for the edit.
local function run_code_action(c, bufnr, uri)
  local out = { mode = code_action_mode }
  state.code_action = out
  local declared = declared_code_action or {}
  out.declared_resolve_properties = declared.resolveSupport and declared.resolveSupport.properties or {}
  out.declared_data_support = declared.dataSupport == true
  local provider = (c.server_capabilities or {}).codeActionProvider
  out.resolve_provider = type(provider) == 'table' and provider.resolveProvider == true

  local target = nil
  for _, d in ipairs(latest_diagnostics[uri] or {}) do
    if d.code ~= nil and tostring(d.code) == fix_code then target = d break end
  end
  if not target then return end
  out.diagnostic_line = target.range.start.line

  local actions, err = request(bufnr, 'textDocument/codeAction', {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = target.range,
    context = { diagnostics = { target }, only = { 'quickfix' } },
  })
  out.list_error = err
  out.listed = {}
  local picked = nil
  for _, a in ipairs((actions ~= vim.NIL and actions) or {}) do
    out.listed[#out.listed + 1] = { title = a.title, kind = a.kind, has_edit = a.edit ~= nil, has_data = a.data ~= nil }
    if not picked and a.kind == 'quickfix' and a.title and a.title:find('(' .. fix_code .. ')', 1, true) then
      picked = a
    end
  end
  if not picked then return end
  out.picked_title = picked.title
  out.picked_had_edit = picked.edit ~= nil

  local action = picked
  if not picked.edit and out.resolve_provider then
    log_step('code action: resolve')
    local resolved, rerr = request(bufnr, 'codeAction/resolve', picked)
    out.resolved = true
    out.resolve_error = rerr
    if rerr or not resolved or resolved == vim.NIL then return end
    action = resolved
  end
  out.applied_had_edit = action.edit ~= nil
  if not action.edit then return end

  log_step('code action: apply')
  local before = uv.now()
  vim.lsp.util.apply_workspace_edit(action.edit, c.offset_encoding)
  out.text_after = buffer_text(bufnr)
  out.version_after = vim.api.nvim_buf_get_var(bufnr, 'changedtick')
  out.publish_after = wait_publish(uri, out.version_after, before)
end

local function run()
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  state.uri = uri
  state.filetype = vim.bo[bufnr].filetype
  state.lsp_log = vim.lsp.get_log_path()

  log_step('initialize')
  if not wait(timeout, function() return state.initialized == true or state.exit ~= nil end) then
    return fail('the server did not answer initialize within ' .. timeout .. ' ms')
  end
  if not state.initialized then return fail('the server exited before initialize: ' .. vim.inspect(state.exit)) end
  local c = client()
  if not c then return fail('no client') end
  state.offset_encoding = c.offset_encoding
  local caps = c.server_capabilities or {}
  state.supports = {
    hover = supports(c, 'textDocument/hover', bufnr),
    documentSymbol = supports(c, 'textDocument/documentSymbol', bufnr),
    formatting = supports(c, 'textDocument/formatting', bufnr),
    pullDiagnostics = caps.diagnosticProvider ~= nil and caps.diagnosticProvider ~= vim.NIL,
  }

  log_step('diagnostics')
  local first = wait_publish(uri, nil, nil)
  if not first then return fail('no textDocument/publishDiagnostics for ' .. uri .. ' within ' .. timeout .. ' ms') end
  state.first_publish = first
  -- Let a pull (0.11 with diagnosticProvider) land as well before reading the buffer's diagnostics.
  wait(200, function() return false end)
  if expect_diagnostic then
    -- No edit: the finding must reach the buffer by itself (a push, a held pull, or a refresh).
    local waited_from = uv.now()
    state.expected_diagnostic_found = wait(timeout, function()
      for _, d in ipairs(vim.diagnostic.get(bufnr)) do
        if string.find(d.message, expect_diagnostic, 1, true) then return true end
      end
      return false
    end)
    state.expected_diagnostic_ms = uv.now() - waited_from
  end
  state.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    state.diagnostics[#state.diagnostics + 1] = {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, severity = d.severity,
      message = d.message, source = d.source, code = d.code,
    }
  end

  log_step('documentSymbol')
  if state.supports.documentSymbol then
    local symbols, err = request(bufnr, 'textDocument/documentSymbol',
      { textDocument = vim.lsp.util.make_text_document_params(bufnr) })
    state.symbols_error = err
    state.symbols = symbol_summary(symbols ~= vim.NIL and symbols or {})
  end

  log_step('hover')
  if state.supports.hover then
    -- On the first top-level key (the first key inside the first document for a stream).
    local target = nil
    local s = state.symbols and state.symbols[1]
    if s and s.selection then target = s.selection end
    target = target or { line = 0, character = 0 }
    local position = { line = target.line, character = target.character }
    local hover, err = request(bufnr, 'textDocument/hover',
      { textDocument = vim.lsp.util.make_text_document_params(bufnr), position = position })
    state.hover = {
      position = position,
      error = err,
      is_null = hover == nil or hover == vim.NIL,
      text = (hover and hover ~= vim.NIL) and hover_text(hover.contents) or nil,
      range = (hover and hover ~= vim.NIL and hover.range ~= vim.NIL) and hover.range or nil,
    }
  else
    state.hover = { advertised = false }
  end

  if do_edit then
    log_step('edit: break line 2')
    local edit = { line = 1 }
    local before = uv.now()
    vim.api.nvim_buf_set_lines(bufnr, 1, 1, false, { 'pureyaml_e2e: value: other' })
    edit.version = vim.api.nvim_buf_get_var(bufnr, 'changedtick')
    local broken = wait_publish(uri, edit.version, before)
    edit.broken_publish = broken
    edit.broken_diagnostics = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr, { severity = vim.diagnostic.severity.ERROR })) do
      edit.broken_diagnostics[#edit.broken_diagnostics + 1] = { lnum = d.lnum, message = d.message }
    end

    log_step('edit: repair')
    before = uv.now()
    vim.api.nvim_buf_set_lines(bufnr, 1, 2, false, {})
    edit.repaired_version = vim.api.nvim_buf_get_var(bufnr, 'changedtick')
    edit.repaired_publish = wait_publish(uri, edit.repaired_version, before)
    edit.repaired_equal = buffer_text(bufnr) == state.original_text

    log_step('edit: type a comment')
    before = uv.now()
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    -- No automatic comment leader when the line opened above is a comment.
    vim.bo[bufnr].formatoptions = (vim.bo[bufnr].formatoptions:gsub('[or]', ''))
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('O# typed by e2e<Esc>', true, false, true), 'ntx', false)
    edit.typed_version = vim.api.nvim_buf_get_var(bufnr, 'changedtick')
    -- The diagnostics do not change here, so a server may skip the publish: wait less.
    edit.typed_publish = wait_publish(uri, edit.typed_version, before, math.min(timeout, 3000))
    edit.typed_first_line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
    state.edit = edit
  end

  if code_action_mode then
    log_step('code action')
    run_code_action(c, bufnr, uri)
  end

  log_step('format on save')
  state.pre_save_text = buffer_text(bufnr)
  local writes_before = state.notifications['textDocument/didSave'] or 0
  vim.cmd('silent write')
  state.saved = true
  state.formatting_requests = state.requests['textDocument/formatting'] or 0
  wait(2000, function() return (state.notifications['textDocument/didSave'] or 0) > writes_before end)

  log_step('shutdown')
  vim.lsp.stop_client(client_id)
  if not wait(5000, function() return state.exit ~= nil end) then
    state.exit_forced = true
    vim.lsp.stop_client(client_id, true)
    wait(2000, function() return state.exit ~= nil end)
  end
  log_step('done')
  finish(0)
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.schedule(function()
      local bufnr = vim.api.nvim_get_current_buf()
      state.original_text = buffer_text(bufnr)
      local ok, err = xpcall(run, debug.traceback)
      if not ok then
        state.error = 'Lua error: ' .. tostring(err)
        pcall(write_result)
        vim.cmd('cq 3')
      end
    end)
  end,
})

if not result_path then
  io.stderr:write('E2E_RESULT is not set\n')
  vim.cmd('cq 2')
end
