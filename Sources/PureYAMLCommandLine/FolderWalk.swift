import YAMLDocumentModel

/// What a folder walk of `check` and `format` asks of each file it meets: is it YAML? The answer is
/// ``YAMLFileFilter``'s, told whether the file's PureYAML settings turn lint off (then no yamllint
/// configuration chooses its files).
struct FolderWalk {
    /// The rule for the files of each folder.
    var filter: YAMLFileFilter
    /// The PureYAML settings of each folder's files (only `pureyaml.lint.enable` is read here).
    var settings: ProjectSettingsLookup

    /// True when the file called `name` inside the folder at the absolute path `folder` is taken.
    mutating func includes(_ name: String, in folder: String) -> Bool {
        filter.includes(fileNamed: name, inFolder: folder, lintDisabled: lintDisabled(forFileAt: folder + "/" + name))
    }

    /// True when the walk skips the folder called `name` inside the absolute path `folder` unread: a version
    /// control or build folder (``YAMLFileFilter/isSkippedDirectory(_:)``), or one the `ignore` of the yamllint
    /// configuration choosing `folder`'s files excludes as a whole.
    mutating func skips(folderNamed name: String, in folder: String) -> Bool {
        YAMLFileFilter.isSkippedDirectory(name)
            || filter.excludes(folderNamed: name, inFolder: folder, lintDisabled: lintDisabled(forFileAt: folder + "/file.yaml"))
    }

    /// The yamllint configuration that chooses the files inside the absolute `folder`, nil when PureYAML's
    /// own `*.yaml`, `*.yml` do.
    mutating func yamllintConfigurationPath(choosingFilesIn folder: String) -> String? {
        if lintDisabled(forFileAt: folder + "/file.yaml") { return nil }
        return filter.yamllintConfigurationPath(choosingFilesIn: folder)
    }

    /// True when the settings of the file at `path` say `pureyaml.lint.enable: false`. Settings are found per
    /// folder, so any name inside a folder (`file.yaml`) stands for its files.
    private mutating func lintDisabled(forFileAt path: String) -> Bool {
        settings.configuration(forFileAt: path).configuration?.settings.lintEnabled == false
    }
}
