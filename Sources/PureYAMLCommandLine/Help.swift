import YAMLDocumentModel

/// Help texts for the command line, laid out like manual pages: NAME, SYNOPSIS, DESCRIPTION, OPTIONS,
/// EXIT STATUS, FILES, ENVIRONMENT, EXAMPLES.
public enum Help {
    /// The version printed by `pureyaml --version` and written into SARIF logs (``PureYAMLVersion``).
    public static let version = PureYAMLVersion.current

    /// The SYNOPSIS lines of `pureyaml check`, in its manual page and in ``main`` (so ``usage`` lists every
    /// option); the lines after the first carry the 4 columns of the section's indentation.
    static let checkSynopsis = """
    pureyaml check [--format text|json|github|sarif|parsable] [--strict] [--fix]
                       [--config PATH | --no-config] [--stdin-filename NAME]
                       [--schema URL|PATH] [--explain] [--offline] [--allow-schema-folder DIR]
                       [--schema-mirror PREFIX=TARGET] [--allow-no-files] PATH...
    """

    /// The SYNOPSIS lines of `pureyaml format`, in its manual page and in ``main`` (so ``usage`` lists every
    /// option); the lines after the first carry the 4 columns of the section's indentation.
    static let formatSynopsis = """
    pureyaml format [--check] [--config PATH | --no-config] [--stdin-filename NAME]
                        [--allow-no-files] PATH...
    """

    /// The SYNOPSIS lines of `pureyaml schemas`, in its manual page and in ``main`` (so ``usage`` lists every
    /// option); the lines after the first carry the 4 columns of the section's indentation.
    static let schemasSynopsis = """
    pureyaml schemas fetch [--mirror-folder DIR] [--schema URL|PATH] [--schema-mirror PREFIX=TARGET]
                               [--allow-schema-folder DIR] [--config PATH | --no-config]
                               [--allow-no-files] PATH...
        pureyaml schemas list
    """

    /// `pureyaml --help`: the commands and where to read more.
    public static let main = """
    NAME
        pureyaml - YAML language server, checker and formatter (version \(version))

    SYNOPSIS
        pureyaml lsp | --stdio
        \(checkSynopsis)
        \(formatSynopsis)
        pureyaml events PATH | -
        \(schemasSynopsis)
        pureyaml help [COMMAND]  |  pureyaml COMMAND --help
        pureyaml --version

    DESCRIPTION
        PureYAML reads YAML 1.2.2 with its own parser. The language server gives editors diagnostics,
        an outline and formatting over the Language Server Protocol 3.17; the check and format
        commands give the same results to terminals, CI and pre-commit hooks.

    COMMANDS
        lsp       run the language server on standard input and output (also: --stdio)
        check     report syntax errors, duplicate keys and other problems
        format    format files in place, or show as a diff what would change (--check)
        events    print the parse events of a stream in yaml-test-suite notation
        schemas   download the schemas files need into the cache or a mirror folder; list the cache
        help      print this text, or the manual of one command

    EXIT STATUS
        0 success; 1 findings (see each command); 2 wrong usage or an I/O problem; 3 a folder
        named on the command line holds no YAML file.

    FILES
        .pureyaml.yaml, .pureyaml.yml
            project settings, looked up from each file's folder upwards (see pureyaml help check).

    EXAMPLES
        pureyaml check .                       check every *.yaml and *.yml file below here
        pureyaml format --check config/        show what formatting would change
        pureyaml help check                    the manual of check

    """

    /// `pureyaml check --help`.
    public static let check = """
    NAME
        pureyaml check - report problems in YAML files

    SYNOPSIS
        \(checkSynopsis)

    DESCRIPTION
        Parses and composes each file and reports syntax errors, duplicate keys, undefined aliases
        and the other problems listed in docs/diagnostics.md, each with a stable code, by default
        one line per finding: path:line:column: error|warning: message [code]. Hints (such as
        unused-anchor) are for editors and are not reported. A directory
        is walked for *.yaml and *.yml files (.git, .hg, .svn, node_modules and .build are
        skipped), or, in folders a yamllint configuration applies to (see LINT), for the files
        its yaml-files names and its ignore does not; `-` reads standard input. Lines and columns are 1-based; columns count
        characters (Unicode scalars), except in SARIF, which counts UTF-16 code units.

    OPTIONS
        -f, --format FORMAT
            text (default)  path:line:column: severity: message [code]
            parsable        path:line:column: [severity] message (code)   (yamllint's format)
            json            one JSON array: [{"path", "diagnostics": [{"line", "column", "endLine",
                            "endColumn", "severity", "code", "message", "source"}]}]
            github          GitHub Actions annotations: ::error file=P,line=L,col=C,...::message
            sarif           a SARIF 2.1.0 log for code-scanning services
            text and parsable print the summary `checked N files: E errors, W warnings` on stderr,
            then one line per schema that could not be had (offline, unreachable, not cached) with
            the number of files that needed it and the `pureyaml schemas fetch` command for it.
        --strict
            warnings fail the check too (exit status 1).
        --config PATH
            read settings from PATH for every file instead of looking for .pureyaml.yaml.
        --no-config
            use the built-in defaults; read no settings file.
        --stdin-filename NAME
            the name to print for `-`, and the file whose folder the settings search starts from.
        --schema URL|PATH
            validate every document against this JSON Schema (JSON or YAML); it beats modelines.
            Without it, a document's modeline (# yaml-language-server: $schema=...) or the
            settings' yaml.schemas pick its schema; else a Kubernetes manifest gets its kind's
            schema (pureyaml.schema.kubernetes). Schema findings are warnings by default.
        --explain
            print, per document, which schema applies, the rule that chose it and its load status.
        --offline
            download nothing; use schema files and the schema cache only.
        --allow-schema-folder DIR
            local schemas (modelines, yaml.schemas, $ref) may also be read from DIR; by default
            only the current directory and the paths named here are (see docs/security.md).
        --schema-mirror PREFIX=TARGET
            take the bytes of every download whose URL starts with PREFIX from TARGET instead: a
            folder (relative to the current directory) or another base URL; repeatable, the longest
            prefix wins. Findings, --explain and the cache keep the original URL (see pureyaml
            help schemas and docs/schemas.md).
        --allow-no-files
            a folder without YAML files is a warning on stderr instead of a failure (exit status 3).
        --fix
            first write every safe fix into the files (tab indentation, unused anchors, and the
            yamllint fixes listed in docs/lint.md), then check them. Standard input (-) is
            checked but not fixed.
        -h, --help
            print this text.

    LINT
        yamllint's rules run too when a .yamllint, .yamllint.yaml or .yamllint.yml file is found in
        a file's folder or above it (else yamllint's user configuration: see ENVIRONMENT), or when the setting
        pureyaml.lint.enable is true; findings have the rule id as code. Such a configuration file
        also chooses the files of a folder walk, as yamllint does: those matching its yaml-files
        (default *.yaml, *.yml, .yamllint) and not its ignore. See docs/lint.md.

    EXIT STATUS
        0 no errors (and, with --strict, no warnings); 1 errors, warnings under --strict, or an
        unusable settings file; 2 wrong usage, a file or settings file that cannot be read, or a
        --schema that is missing, cannot be loaded or is not a schema; 3 a folder named on the
        command line holds no YAML file. When several apply, 2 wins over 3, and 3 over 1.

    FILES
        .pureyaml.yaml, .pureyaml.yml
            Settings, found in the checked file's folder or the nearest folder above it (up to the
            file system root); .pureyaml.yaml wins over .pureyaml.yml in one folder. Keys are those of
            the editor settings, with or without the `pureyaml.` prefix, e.g.
                format:
                  indentWidth: 2
                  printWidth: 100
            A settings file that is not valid YAML or not a mapping is reported once with the code
            invalid-configuration, and the defaults apply. A key that names no setting is a
            warning (unknown-configuration-key); the other keys apply. See docs/cli.md for every key.

    ENVIRONMENT
        YAMLLINT_CONFIG_FILE
            the yamllint configuration to use when none is found beside the files (see LINT). When
            it is not set: $XDG_CONFIG_HOME/yamllint/config, else ~/.config/yamllint/config, as in
            yamllint.
        PUREYAML_NETWORK=loopback
            schema downloads only from 127.0.0.1/localhost (for tests and sandboxed CI).

    EXAMPLES
        pureyaml check .
        pureyaml check --format github .github/workflows
        pureyaml check --format sarif . > pureyaml.sarif
        git show HEAD:app.yaml | pureyaml check --stdin-filename app.yaml -
        pureyaml check --schema schemas/config.json --explain config/

    """

    /// `pureyaml format --help`.
    public static let format = """
    NAME
        pureyaml format - format YAML files

    SYNOPSIS
        \(formatSynopsis)

    DESCRIPTION
        Formats files in place: indentation, spacing after ':' and '- ', trailing whitespace, blank
        lines and the final newline; comments, quoting and key order are kept, and the meaning of
        the document never changes. A file with syntax errors is left untouched and reported on
        stderr. A directory is walked for *.yaml and *.yml files. `-` reads standard input and
        writes the formatted text to standard output. The settings (format.indentWidth,
        format.printWidth, ...) come from the nearest .pureyaml.yaml, as for check.

    OPTIONS
        --check
            write nothing; print a unified diff (--- a/PATH, +++ b/PATH, @@ hunks with 3 lines of
            context) of what would change, and `N of M files would change` on stderr.
        --config PATH
            read settings from PATH instead of looking for .pureyaml.yaml.
        --no-config
            use the built-in defaults.
        --stdin-filename NAME
            the name for `-` in messages and diffs, and where the settings search starts.
        --allow-no-files
            a folder without YAML files is a warning on stderr instead of a failure (exit status 3).
        -h, --help
            print this text.

    EXIT STATUS
        0 done, or nothing would change; 1 files would change (--check), files could not be
        formatted, or the settings file is unusable; 2 wrong usage or an I/O problem; 3 a folder
        named on the command line holds no YAML file.

    FILES
        .pureyaml.yaml, .pureyaml.yml    settings; see pureyaml help check.

    ENVIRONMENT
        No environment variable changes the output.

    EXAMPLES
        pureyaml format .
        pureyaml format --check . && echo formatted
        pureyaml format --check deploy.yaml | git apply      (the same as formatting it)
        pureyaml format - < in.yaml > out.yaml

    """

    /// `pureyaml events --help`.
    public static let events = """
    NAME
        pureyaml events - print parse events

    SYNOPSIS
        pureyaml events PATH | -

    DESCRIPTION
        Prints the parse events of a YAML stream in the yaml-test-suite notation (+STR, +DOC, +MAP,
        +SEQ, =VAL, =ALI, -MAP, ...), one per line. For invalid YAML prints the first error to stderr
        instead, as path:line:column: error: message [code].

    OPTIONS
        -h, --help    print this text.

    EXIT STATUS
        0 events printed; 1 the stream is invalid; 2 wrong usage or an I/O problem.

    FILES
        None; settings files are not read.

    ENVIRONMENT
        None.

    EXAMPLES
        pureyaml events in.yaml
        printf 'a: [1, 2]\\n' | pureyaml events -

    """

    /// `pureyaml schemas --help`.
    public static let schemas = """
    NAME
        pureyaml schemas - prepare the schema download cache or a mirror folder, and list the cache

    SYNOPSIS
        \(schemasSynopsis)

    DESCRIPTION
        fetch downloads every schema the files need, as the language server and check would choose
        them: the SchemaStore catalog (unless a settings file sets yaml.schemaStore.enable: false)
        when a document has no schema by another rule, and for each document the schema of its modeline, of yaml.schemas, of its Kubernetes kind,
        of the CRD catalog or of a catalog entry, the pureyaml.schema.crds files, and every document
        those schemas $ref. Each is stored in the download cache, where the language server and
        check --offline find it later without network. Folders are walked as check walks them.
        It prints one line per download: `fetched URL`, `failed URL: why`, or `none published URL`
        for a Kubernetes kind or CRD catalog schema the server does not have (HTTP 404), which is
        no failure (such kinds stay quiet).

        list prints what the cache holds, one line per download: URL, size in bytes and age
        (42s, 5m, 3h, 2d), separated by tabs, sorted by URL; a summary goes to stderr.

    OPTIONS
        --mirror-folder DIR
            also write every download below DIR, as DIR/HOST/PATH (HOST with :PORT when the URL
            names one), and print the pureyaml.schema.mirrors entries that read DIR back, one
            per host, e.g. "https://json.schemastore.org/": "DIR/json.schemastore.org/".
        --schema, --schema-mirror, --allow-schema-folder, --config, --no-config, --allow-no-files
            as for check (see pureyaml help check); mirrors apply to the downloads here too.
        -h, --help
            print this text.

    EXIT STATUS
        0 every download was had; 1 one failed; 2 wrong usage or an I/O problem; 3 a folder named
        on the command line holds no YAML file.

    FILES
        $XDG_CACHE_HOME/pureyaml/schemas (else ~/.cache/pureyaml/schemas)
            the download cache; its layout is described in docs/schemas.md.

    ENVIRONMENT
        XDG_CACHE_HOME, HOME
            where the cache is.
        PUREYAML_NETWORK=loopback
            downloads only from 127.0.0.1/localhost.
        PUREYAML_DOWNLOAD_TIMEOUT, PUREYAML_CACHE_MAX_BYTES
            seconds per download; largest total size of the cache.

    EXAMPLES
        pureyaml schemas fetch .                      fill the cache for this repository
        pureyaml schemas fetch --mirror-folder vendor/schemas k8s/ .github/
        pureyaml check --schema-mirror https://json.schemastore.org/=vendor/schemas/json.schemastore.org/ .
        pureyaml schemas list

    """

    /// `pureyaml lsp --help`.
    public static let lsp = """
    NAME
        pureyaml lsp - the YAML language server

    SYNOPSIS
        pureyaml lsp [--record DIR]
        pureyaml --stdio [--record DIR]

    DESCRIPTION
        Runs the Language Server Protocol 3.17 server over standard input and output (JSON-RPC 2.0
        with Content-Length framing). Logs go to stderr; nothing else is written to stdout. Settings
        come from the editor (initializationOptions, workspace/configuration), not from
        .pureyaml.yaml.

    OPTIONS
        --record DIR
            mirror every message to DIR/session-<time>.jsonl (how protocol fixtures are made).
            DIR is a folder, created (with its parents) when missing; a path that exists and is
            not a folder is wrong usage.
        -h, --help
            print this text.

    EXIT STATUS
        0 after the client's shutdown and exit; 1 when the session ends without shutdown;
        2 wrong usage (an unknown option, --record without a folder, or a folder that cannot be
        created).

    FILES
        None.

    ENVIRONMENT
        None.

    EXAMPLES
        Neovim:  vim.lsp.start({ name = "pureyaml", cmd = { "pureyaml", "lsp" } })
        Helix:   [language-server.pureyaml] command = "pureyaml", args = ["lsp"]

    """

    /// What `pureyaml` run without a command prints on stderr (exit status 2): the SYNOPSIS of ``main``.
    public static var usage: String {
        let lines = main.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "SYNOPSIS"),
              let end = lines[start...].firstIndex(where: { $0.isEmpty }) else { return "usage: pureyaml COMMAND\n" }
        let synopsis = lines[(start + 1)..<end].map { $0.dropFirst(2) }
        return "usage:\n" + synopsis.joined(separator: "\n") + "\nTry 'pureyaml --help'.\n"
    }

    /// The help text for `command`, nil when unknown.
    public static func text(for command: String) -> String? {
        switch command {
        case "check": return check
        case "format": return format
        case "events": return events
        case "schemas": return schemas
        case "lsp", "--stdio": return lsp
        case "help": return main
        default: return nil
        }
    }
}
