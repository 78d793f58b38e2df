#!/usr/bin/env python3
"""Re-records the protocol fixtures with the real server's recorder (`pureyaml lsp --record DIR`).

Usage (from the package root, after `swift build`):

    PUREYAML_SHARED=/path/to/shared python3 protocol-fixtures/record.py [--binary .build/debug/pureyaml] [NAME...]

For each scenario below, the driver starts the server with `--record` into a temporary folder, sends the
scenario's client messages one by one (waiting after each for the server's answers: a response to a
request, a publishDiagnostics after didOpen/didChange; before a client response, the server's request), then copies the recording to
`protocol-fixtures/NAME.jsonl` with volatile fields (serverInfo.version) removed. The replay test
(Tests/YAMLLanguageServerTests/FixtureReplayTests.swift) checks the server still answers the same way.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import queue

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.environ.get("PUREYAML_SHARED", os.path.join(ROOT, "..", "shared"))


def corpus(path):
    with open(os.path.join(SHARED, "corpus", path), encoding="utf-8", newline="") as f:
        return f.read()


def initialize(encodings=None):
    caps = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}}
    if encodings:
        caps["general"] = {"positionEncodings": encodings}
    return [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": caps}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    ]


def did_open(uri, text, version=1):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": version, "text": text}}}


def did_change(uri, version, changes):
    return {"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}}


def change(l1, c1, l2, c2, text):
    return {"range": {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}, "text": text}


def symbols(id, uri):
    return {"jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": uri}}}


def formatting(id, uri, tab_size=2):
    return {"jsonrpc": "2.0", "id": id, "method": "textDocument/formatting",
            "params": {"textDocument": {"uri": uri}, "options": {"tabSize": tab_size, "insertSpaces": True}}}


def shutdown_exit(id):
    return [{"jsonrpc": "2.0", "id": id, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]


WORKFLOW = "github-workflows/digitalocean__openapi/.github/workflows/redoc-index.main.yml"
WORKFLOW_URI = "file:///project/.github/workflows/redoc-index.main.yml"

BROKEN = "name: broken\njobs:\n  build:\n    steps: [checkout, test\n    runs-on: \"ubuntu\n"
BROKEN_URI = "file:///project/broken.yaml"

UNICODE = ("# é 中 😀\r\nnamé: \"中文 😀\"\r\nlist:\r\n  - 😀😀: é\r\n  - 中: [a, b\r\nafter: x\r\n")
UNICODE_URI = "file:///project/unicode.yaml"

FEATURES = ("# Service defaults\n"
            "defaults: &defaults\n"
            "  retries: 3\n"
            "  timeout: 30\n"
            "service:\n"
            "  <<: *defaults\n"
            "  name: web\n"
            "  ports: [80, 443]\n"
            "other: *defaults\n"
            "link: https://example.com/docs\n")
FEATURES_URI = "file:///project/features.yaml"


def request(id, method, params):
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def at(uri, line, character, **extra):
    params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    params.update(extra)
    return params


SCENARIOS = {
    # (a) A real GitHub workflow: open, diagnostics, outline, formatting (one 4-space line), an edit, bye.
    "01-workflow-lifecycle": lambda: initialize() + [
        did_open(WORKFLOW_URI, corpus(WORKFLOW)),
        symbols(2, WORKFLOW_URI),
        formatting(3, WORKFLOW_URI),
        # Apply the formatting edit by hand (line 8: "        - main" -> "      - main") and rename the workflow.
        did_change(WORKFLOW_URI, 2, [change(8, 0, 8, 8, "      "), change(0, 6, 0, 22, "Upload Redoc Index")]),
        symbols(4, WORKFLOW_URI),
        formatting(5, WORKFLOW_URI),
    ] + shutdown_exit(6),
    # (b) Syntax errors with exact ranges, then fixed by two incremental edits.
    "02-syntax-error-fixed": lambda: initialize() + [
        did_open(BROKEN_URI, BROKEN),
        formatting(2, BROKEN_URI),
        did_change(BROKEN_URI, 2, [change(3, 26, 3, 26, "]")]),
        did_change(BROKEN_URI, 3, [change(4, 20, 4, 20, "\"")]),
        symbols(3, BROKEN_URI),
    ] + shutdown_exit(4),
    # (c) Non-ASCII text and CRLF line ends, positions in UTF-16 (the default) ...
    "03-unicode-crlf-utf16": lambda: initialize() + [
        did_open(UNICODE_URI, UNICODE),
        symbols(2, UNICODE_URI),
        did_change(UNICODE_URI, 2, [change(4, 12, 4, 12, "]")]),
        symbols(3, UNICODE_URI),
    ] + shutdown_exit(4),
    # ... and in UTF-8, when the client offers it.
    "04-unicode-crlf-utf8": lambda: initialize(["utf-8", "utf-16"]) + [
        did_open(UNICODE_URI, UNICODE),
        symbols(2, UNICODE_URI),
        did_change(UNICODE_URI, 2, [change(4, 14, 4, 14, "]")]),
        symbols(3, UNICODE_URI),
    ] + shutdown_exit(4),
    # (d) Settings: initializationOptions disable formatting; the server asks for its sections with
    # workspace/configuration (answered by the client); didChangeConfiguration turns formatting back on.
    "05-settings-configuration": lambda: [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {"workspace": {"configuration": True}},
                    "initializationOptions": {"yaml": {"format": {"enable": False}}}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 1, "result": [{"maxItemsComputed": 1}, None]},
        did_open("file:///project/settings.yaml", "a:    1\nb: 2\n"),
        formatting(2, "file:///project/settings.yaml"),
        symbols(3, "file:///project/settings.yaml"),
        {"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
         "params": {"settings": {"yaml": {"format": {"enable": True}}, "pureyaml": {"maxItemsComputed": 100}}}},
        {"jsonrpc": "2.0", "id": 2, "result": [None, None]},
        formatting(4, "file:///project/settings.yaml"),
        symbols(5, "file:///project/settings.yaml"),
    ] + shutdown_exit(6),
    # (e) The editor features of issue 6 on anchors, aliases and a merge key: hover, definition,
    # references, highlights, rename, linked editing, completion after `*`, folding, selection ranges,
    # semantic tokens, links, workspace symbols, code actions and pulled diagnostics.
    "07-invalid-params": lambda: initialize() + [
        did_open(FEATURES_URI, FEATURES),
        request(2, "textDocument/hover", at(FEATURES_URI, -1, 0)),
        request(3, "textDocument/hover", at(FEATURES_URI, 1.5, 0)),
        request(4, "textDocument/hover", at(FEATURES_URI, 10 ** 30, 0)),
        request(5, "textDocument/hover", at(FEATURES_URI, "2", 0)),
        request(6, "textDocument/hover", {"textDocument": 5, "position": {"line": 0, "character": 0}}),
        request(7, "textDocument/hover", {"textDocument": {"uri": FEATURES_URI}, "position": {"line": 0}}),
        request(8, "textDocument/codeAction", {"textDocument": {"uri": FEATURES_URI},
                                                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": -4}},
                                                "context": {"diagnostics": []}}),
        request(9, "textDocument/selectionRange", {"textDocument": {"uri": FEATURES_URI}, "positions": [{"line": 1, "character": 2}, [1, 2]]}),
        request(10, "textDocument/noSuchMethod", {}),
        request(11, "textDocument/hover", at(FEATURES_URI, 5, 8)),
    ] + shutdown_exit(12),
    "06-editor-features": lambda: initialize() + [
        did_open(FEATURES_URI, FEATURES),
        request(2, "textDocument/hover", at(FEATURES_URI, 5, 8)),
        request(3, "textDocument/definition", at(FEATURES_URI, 8, 9)),
        request(4, "textDocument/references", at(FEATURES_URI, 1, 12, context={"includeDeclaration": True})),
        request(5, "textDocument/documentHighlight", at(FEATURES_URI, 5, 8)),
        request(6, "textDocument/prepareRename", at(FEATURES_URI, 1, 12)),
        request(7, "textDocument/rename", at(FEATURES_URI, 1, 12, newName="base")),
        request(8, "textDocument/linkedEditingRange", at(FEATURES_URI, 8, 9)),
        did_change(FEATURES_URI, 2, [change(9, 0, 9, 0, "again: *\n")]),
        request(9, "textDocument/completion", at(FEATURES_URI, 9, 8)),
        request(10, "textDocument/foldingRange", {"textDocument": {"uri": FEATURES_URI}}),
        request(11, "textDocument/selectionRange",
                {"textDocument": {"uri": FEATURES_URI}, "positions": [{"line": 6, "character": 9}]}),
        request(12, "textDocument/semanticTokens/full", {"textDocument": {"uri": FEATURES_URI}}),
        request(13, "textDocument/documentLink", {"textDocument": {"uri": FEATURES_URI}}),
        request(14, "workspace/symbol", {"query": "time"}),
        request(15, "textDocument/codeAction",
                {"textDocument": {"uri": FEATURES_URI},
                 "range": {"start": {"line": 7, "character": 9}, "end": {"line": 7, "character": 9}},
                 "context": {"diagnostics": []}}),
        request(16, "textDocument/diagnostic", {"textDocument": {"uri": FEATURES_URI}}),
    ] + shutdown_exit(17),
}


RESOLVE_URI = "file:///project/resolve.yaml"
RESOLVE = "---\ns:\n  -   x: 1\n      y: 2\nb:  2 \n"


def resolve_action(id, title, index, line, version=1):
    """The action at `index` of the quickfix list for `line` (UTF-8 byte range of that line of RESOLVE), as
    the server's `data` names it: nothing else is needed to resolve it."""
    starts = [0]
    for part in RESOLVE.encode().split(b"\n")[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    return request(id, "codeAction/resolve", {"title": title, "kind": "quickfix", "isPreferred": True,
                                              "data": {"uri": RESOLVE_URI, "version": version, "id": index,
                                                       "range": [starts[line], starts[line + 1]],
                                                       "only": ["quickfix"], "title": title}})


def line_actions(id, line):
    return request(id, "textDocument/codeAction",
                   {"textDocument": {"uri": RESOLVE_URI},
                    "range": {"start": {"line": line, "character": 0}, "end": {"line": line + 1, "character": 0}},
                    "context": {"diagnostics": [], "only": ["quickfix"]}})


# (f) codeAction/resolve (LSP 3.17): a client that resolves edits (resolveSupport for `edit`, dataSupport,
# versioned documentChanges) gets `resolveProvider: true` and lint quick fixes without edits; resolving one
# gives its edit for version 1; a fix that would add a syntax error (narrowing the space after `-`) and a
# fix offered for version 1 resolved at version 2 are answered -32803 with the reason.
SCENARIOS["08-code-action-resolve"] = lambda: [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"processId": None, "rootUri": None,
                "capabilities": {"textDocument": {"codeAction": {"dataSupport": True, "resolveSupport": {"properties": ["edit"]}}},
                                 "workspace": {"workspaceEdit": {"documentChanges": True}}},
                "initializationOptions": {"pureyaml": {"lint": {"enable": True}}}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    did_open(RESOLVE_URI, RESOLVE),
    line_actions(2, 4),
    resolve_action(3, "Use 1 space after the colon (colons)", 0, 4),
    line_actions(4, 2),
    resolve_action(5, "Use 1 space after the hyphen (hyphens)", 0, 2),
    did_change(RESOLVE_URI, 2, [change(4, 5, 4, 6, "")]),
    resolve_action(6, "Use 1 space after the colon (colons)", 0, 4),
] + shutdown_exit(7)


class Server:
    def __init__(self, binary, record_dir):
        self.proc = subprocess.Popen([binary, "lsp", "--record", record_dir], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            self.messages.put(json.loads(out.read(length)))

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def wait_for(self, predicate, timeout=20):
        while True:
            m = self.messages.get(timeout=timeout)
            if m is None:
                raise RuntimeError("server closed its output")
            if predicate(m):
                return m


def strip_volatile(message):
    result = message.get("result")
    if isinstance(result, dict) and isinstance(result.get("serverInfo"), dict):
        result["serverInfo"].pop("version", None)
    return message


def record(name, binary):
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(binary, tmp)
        for message in SCENARIOS[name]():
            if "method" not in message:
                # A response to a server-to-client request: wait for that request first.
                server.wait_for(lambda m: m.get("id") == message["id"] and "method" in m)
            server.send(message)
            method = message.get("method")
            if "id" in message and "method" in message:
                server.wait_for(lambda m: m.get("id") == message["id"] and "method" not in m)
            elif method in ("textDocument/didOpen", "textDocument/didChange"):
                server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        server.proc.wait(timeout=20)
        files = [f for f in os.listdir(tmp) if f.endswith(".jsonl")]
        assert len(files) == 1, files
        with open(os.path.join(tmp, files[0]), encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
    with open(os.path.join(HERE, name + ".jsonl"), "w", encoding="utf-8") as f:
        for entry in lines:
            if "message" in entry:
                strip_volatile(entry["message"])
            f.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{name}.jsonl: {len(lines)} messages, server exit {server.proc.returncode}")


def main(argv):
    binary = os.path.join(ROOT, ".build", "debug", "pureyaml")
    names = []
    i = 0
    while i < len(argv):
        if argv[i] == "--binary":
            binary = argv[i + 1]
            i += 2
        else:
            names.append(argv[i])
            i += 1
    for name in names or sorted(SCENARIOS):
        record(name, binary)


if __name__ == "__main__":
    main(sys.argv[1:])
