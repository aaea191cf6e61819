-- Drives `sharelint lsp` from Neovim's own LSP client (Neovim 0.7 or later), headless:
--   SHARELINT_BIN=.build/debug/sharelint SHARELINT_FILE=x.share.yaml SHARELINT_RESULT=out.txt \
--     nvim --headless --clean -c 'luafile scripts/nvim-lsp-check.lua'
-- Opens the file, waits for diagnostics, applies the code action of the first one that
-- has one, waits for that diagnostic to go away and writes what happened to
-- SHARELINT_RESULT, one fact per line. Tests/SharelintCLITests/NeovimTests.swift reads it.
local bin = os.getenv('SHARELINT_BIN')
local file = os.getenv('SHARELINT_FILE')
local result_path = os.getenv('SHARELINT_RESULT')
local lines = {}

local function log(text) table.insert(lines, text) end

local function finish()
  local f = io.open(result_path, 'w')
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  vim.cmd('qall!')
end

local function code_of(d)
  if d.code then return d.code end
  if d.user_data and d.user_data.lsp then return d.user_data.lsp.code end
  return '?'
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'sharelint',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    init_options = { debounceMilliseconds = 20 },
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    log('error no diagnostics arrived')
    return
  end
  local diagnostics = vim.diagnostic.get(bufnr)
  for _, d in ipairs(diagnostics) do
    -- lnum is 0-based; col is a 0-based byte column (Neovim converts from the server's UTF-16).
    log(string.format('diagnostic %d %d %s', d.lnum, d.col, code_of(d)))
  end
  local target = diagnostics[1]
  -- The diagnostic's range back in UTF-16 (Neovim 0.7 keeps only code and data of the
  -- server's diagnostic), as a client builds the codeAction request.
  local function utf16(lnum, col)
    local line = vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1] or ''
    local _, units = vim.str_utfindex(line, math.min(col, #line))
    return { line = lnum, character = units }
  end
  local range = { start = utf16(target.lnum, target.col), ['end'] = utf16(target.end_lnum or target.lnum, target.end_col or target.col) }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = range,
    context = { diagnostics = { { range = range, message = target.message, code = code_of(target), source = target.source } } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000) or {}
  local applied = nil
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      if not applied and action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        applied = action.title
      end
    end
  end
  log('applied ' .. tostring(applied))
  local code = code_of(target)
  local gone = vim.wait(20000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if code_of(d) == code and d.lnum == target.lnum then return false end
    end
    return true
  end, 50)
  log('fixed ' .. tostring(gone) .. ' ' .. code)
  log('line ' .. vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1])
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    log(string.format('remaining %d %d %s', d.lnum, d.col, code_of(d)))
  end
  vim.lsp.stop_client(client_id)
end)
if not ok then log('error ' .. tostring(err)) end
finish()
