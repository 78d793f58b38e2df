import YAMLDocumentModel

/// What a folder walk of `check` and `format` asks of each file it meets: is it YAML? The answer is
/// ``YAMLFileFilter``'s, told whether the file's PureYAML settings turn lint off (then no yamllint
/// configuration chooses its files).
struct FolderWalk {
    /// The rule for the files of each folder.
    var filter: YAMLFileFilter
    /// The PureYAML settings of each folder's files (only `pureyaml.lint.enable` is read here).
    var settings: SettingsLookup

    /// True when the file called `name` inside the folder at the absolute path `folder` is taken.
    mutating func includes(_ name: String, in folder: String) -> Bool {
        var lintDisabled = false
        if case .found(let configuration, _) = settings.configuration(forFileAt: folder + "/" + name) {
            lintDisabled = configuration?.settings.lintEnabled == false
        }
        return filter.includes(fileNamed: name, inFolder: folder, lintDisabled: lintDisabled)
    }
}
