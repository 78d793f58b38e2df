/// What the model tells an editor renderer to declare or watch, so that the renderer decides nothing
/// about YAML or settings: the characters after which completion or on-type formatting is worth
/// running, the settings sections it asks the editor for, how an editor's settings message is merged,
/// and which files the model depends on.
extension DocumentModel {
    /// Characters after which completion is offered unasked: `*` (an alias name follows), ` ` and `:`
    /// (a value or a key follows).
    public static let completionTriggerCharacters = ["*", " ", ":"]

    /// Characters after which on-type formatting runs: a line break (the new line's indentation,
    /// ``onTypeFormatting(_:at:character:request:)``).
    public static let onTypeFormattingTriggerCharacters = ["\n"]

    /// The settings sections an editor is asked for (`workspace/configuration`), in order: PureYAML's own,
    /// then yaml-language-server's.
    public static let settingsSections = ["pureyaml", "yaml"]

    /// True when a change of `uri` affects what the model reports (one of ``watchedFileNames``).
    public static func dependsOnFile(_ uri: DocumentURI) -> Bool {
        watchedFileNames.contains(String(uri.string.split(separator: "/").last ?? ""))
    }

    /// True when a change of the file `uri` on disk affects what this model reports: one of
    /// ``watchedFileNames``, or a file the model may have read CustomResourceDefinitions from in a search of
    /// the workspace (``Intent/filesChanged(_:)`` reads it again).
    public func dependsOn(_ uri: DocumentURI) -> Bool {
        Self.dependsOnFile(uri) || mayBeWorkspaceDefinitionFile(uri)
    }

    /// The glob patterns (LSP `FileSystemWatcher.globPattern`) of the files whose change on disk the model
    /// wants to hear of: `**/` and each of ``watchedFileNames``, then, once the workspace was searched for
    /// CustomResourceDefinition files, `**/*.yaml`, `**/*.yml` and `**/*.json` (``dependsOn(_:)`` says which
    /// of the files reported matter). The list only grows; ``SurfaceArea/watchedFiles`` says when.
    public var watchedFilePatterns: [String] {
        let names = Self.watchedFileNames.map { "**/" + $0 }
        return workspaceDefinitions.searched.isEmpty ? names : names + ["**/*.yaml", "**/*.yml", "**/*.json"]
    }

    /// The settings after an editor's settings message `value` (`initializationOptions`,
    /// `workspace/didChangeConfiguration`, or the answers to `workspace/configuration` under their
    /// section names), and the problems worth telling the user. Each message overlays the settings it
    /// names; `null` is "not set", back to the editor defaults (VS Code sends `null` for a setting the
    /// user removed, in the whole section it pushes and answers). A value of the wrong type or out of
    /// range is a problem (that setting keeps its value); keys that name no setting are not, since
    /// editors send many settings of their own.
    public func settingsFromEditor(_ value: SettingsValue) -> (settings: Settings, problems: [SettingsProblem]) {
        var merged = settings
        let baseline = Settings.editorDefaults(workspaceFolders: settings.schema.workspaceFolders)
        let problems = merged.applyReportingProblems(value, nullRestoring: baseline).filter { $0.kind != .unknownKey }
        return (merged, problems)
    }
}
