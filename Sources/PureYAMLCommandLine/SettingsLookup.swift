import Foundation
import YAMLDocumentModel

/// Finds the project settings of each checked or formatted file, reading every configuration file once.
///
/// With ``CommandOptions/ConfigurationSource/discover`` the model's rule applies
/// (``ProjectConfiguration/nearest(toFileAt:exists:)``: the nearest `.pureyaml.yaml` / `.pureyaml.yml`
/// in the file's folder or above); `--config PATH` names one file for all; `--no-config` uses defaults.
struct SettingsLookup {
    /// The configuration for one file, or why it could not be read.
    enum Outcome {
        /// Settings apply; `configuration` is the file they came from (nil for the defaults) and `isNew`
        /// is true the first time that file is used (so its problems are reported once).
        case found(configuration: ProjectConfiguration?, isNew: Bool)
        /// The configuration file exists but cannot be read (I/O problem, exit status 2).
        case unreadable(path: String)
    }

    let source: CommandOptions.ConfigurationSource
    let workingDirectory: String
    /// Configuration files read so far, by absolute path.
    private var read: [String: ProjectConfiguration] = [:]
    /// Discovery results by folder, so each folder is searched once.
    private var nearestByFolder: [String: String?] = [:]

    init(source: CommandOptions.ConfigurationSource, workingDirectory: String) {
        self.source = source
        self.workingDirectory = workingDirectory
    }

    /// The configuration that applies to the file at `absolutePath`.
    mutating func configuration(forFileAt absolutePath: String) -> Outcome {
        let path: String
        switch source {
        case .none:
            return .found(configuration: nil, isNew: false)
        case .file(let given):
            path = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
                .standardizedFileURL.path
        case .discover:
            let folder = (absolutePath as NSString).deletingLastPathComponent
            if let known = nearestByFolder[folder] {
                guard let known else { return .found(configuration: nil, isNew: false) }
                path = known
            } else {
                let found = ProjectConfiguration.nearest(toFileAt: absolutePath, exists: Self.isRegularFile)
                nearestByFolder[folder] = .some(found)
                guard let found else { return .found(configuration: nil, isNew: false) }
                path = found
            }
        }
        if let known = read[path] { return .found(configuration: known, isNew: false) }
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable(path: path) }
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: path), bytes: [UInt8](data))
        read[path] = configuration
        return .found(configuration: configuration, isNew: true)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
