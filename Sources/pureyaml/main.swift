import Foundation
import JSONRPC
import PureYAMLCommandLine
import YAMLLanguageServer

// Argument dispatch only; every command lives in a renderer target.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())

func printOut(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }
func printErr(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }

// No command is wrong usage (every editor configuration runs `pureyaml lsp`).
guard let command = arguments.first else {
    printErr(Help.usage)
    exit(2)
}

switch command {
case "lsp", "--stdio":
    if rest.contains("--help") || rest.contains("-h") { printOut(Help.lsp); exit(0) }
    let code = LanguageServerMain.run(arguments: rest)
    // `_exit`, not `exit`: after the `exit` notification other threads may still run (the message reader,
    // a schema download that never answered), and `exit`'s teardown of globals and atexit handlers under
    // them crashed the server now and then (SIGSEGV instead of exit code 0, LSP 3.17 "Exit Notification").
    // Every response was already written with write(2), and stderr is unbuffered, so nothing is lost.
    _exit(code)
case "--version", "-V", "version":
    printOut("pureyaml \(Help.version)\n")
case "--help", "-h", "help":
    if let topic = rest.first {
        guard let text = Help.text(for: topic) else { printErr("pureyaml: no help for '\(topic)'\n"); exit(2) }
        printOut(text)
    } else {
        printOut(Help.main)
    }
case "check", "format", "events", "schemas":
    if rest.contains("--help") || rest.contains("-h") { printOut(Help.text(for: command) ?? Help.main); exit(0) }
    var tool = CommandLineTool()
    // The process exits right after: what the command built is left to the kernel, not freed piece by piece.
    tool.freesMemoryOnReturn = false
    exit(tool.run(command: command, arguments: rest))
default:
    printErr("pureyaml: unknown command '\(command)'\nTry 'pureyaml --help'.\n")
    exit(2)
}
