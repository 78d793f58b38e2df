/// Help texts for the command line.
public enum Help {
    public static let version = "0.1.0"

    public static let main = """
    pureyaml \(version) — YAML language server, checker and formatter

    Usage:
      pureyaml lsp                 run the language server on stdin/stdout (also: pureyaml --stdio)
      pureyaml check PATH...       report syntax errors and duplicate keys
      pureyaml format [--check] PATH...
                                   format files in place (or list files that would change)
      pureyaml events PATH|-       print parse events in yaml-test-suite notation
      pureyaml --version
      pureyaml help COMMAND

    """

    public static let check = """
    Usage: pureyaml check [--fix] PATH...

    Checks YAML files and prints one line per finding:
      path:line:column: error|warning: message [code]
    yamllint rules run too when a .yamllint, .yamllint.yaml or .yamllint.yml file is found above a file
    (or YAMLLINT_CONFIG_FILE names one); see docs/lint.md.
      --fix     first apply every safe fix (tabs, unused anchors, yamllint whitespace/spacing) in place
    Lines and columns are 1-based; columns count characters. Directories are walked for *.yaml and
    *.yml files (.git, node_modules and .build are skipped). `-` reads standard input. A summary line
    goes to stderr.

    Exit status: 0 no errors, 1 errors found, 2 usage or I/O problem.

    """

    public static let format = """
    Usage: pureyaml format [--check] PATH...

    Formats YAML files in place: indentation, spacing after ':' and '- ', trailing whitespace and the
    final newline; comments, blank lines, quoting and key order are kept. A file with syntax errors is
    left untouched and reported. `-` reads standard input and writes the result to standard output.

      --check   write nothing; print the files that would change and exit 1 if any would

    Exit status: 0 done (or nothing to change), 1 files would change or could not be formatted,
    2 usage or I/O problem.

    """

    public static let events = """
    Usage: pureyaml events PATH|-

    Prints the parse events of a YAML stream in the yaml-test-suite notation (+STR, +DOC, +MAP, =VAL,
    =ALI, ...), one per line. For invalid YAML prints the first error to stderr and exits 1.

    """

    public static let lsp = """
    Usage: pureyaml lsp   (or: pureyaml --stdio)

    Runs the Language Server Protocol 3.17 server over standard input and output. Logs go to stderr.
      --record DIR   mirror every message to DIR/session-<time>.jsonl (for protocol fixtures)

    """

    /// The help text for `command`, nil when unknown.
    public static func text(for command: String) -> String? {
        switch command {
        case "check": return check
        case "format": return format
        case "events": return events
        case "lsp", "--stdio": return lsp
        default: return nil
        }
    }
}
