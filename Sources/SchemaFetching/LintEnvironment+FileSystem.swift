import Foundation
import YAMLDocumentModel

extension LintEnvironment {
    /// File access for yamllint configuration discovery (the command line's folder walk): the reads of
    /// ``ModelEnvironment/fileSystem``.
    public static var fileSystem: LintEnvironment { LintEnvironment(ModelEnvironment.fileSystem) }
}

extension ModelEnvironment {
    /// The live environment: files and folders from disk, the process's environment variables, current
    /// directory and home folder, the system clock, and schemas through ``SchemaLoader`` (one loader per
    /// network permission, with the download cache).
    public static var fileSystem: ModelEnvironment {
        let loaders = LoaderPair()
        let capabilities = Capabilities(
            readFile: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } },
            kind: { path in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
                if isFolder.boolValue { return .folder }
                let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
                return .file(size: size?.intValue ?? 0)
            },
            listFolder: { path in try? FileManager.default.contentsOfDirectory(atPath: path) },
            fetch: { uri, allowNetwork, completion in loaders.loader(allowNetwork: allowNetwork).load(uri, completion: completion) },
            now: { Date().timeIntervalSince1970 },
            cachedCopy: { uri in loaders.loader(allowNetwork: false).options.cache?.read(uri)?.body })
        let variables = ProcessInfo.processInfo.environment.filter { ModelEnvironment.variableNames.contains($0.key) }
        return ModelEnvironment(capabilities: capabilities, variables: variables,
                                currentDirectory: FileManager.default.currentDirectoryPath, homeDirectory: NSHomeDirectory())
    }
}

/// The two schema loaders of the live environment (downloads allowed or not), made when first used.
private final class LoaderPair: Sendable {
    private let online: SchemaLoader
    private let offline: SchemaLoader

    init() {
        var options = SchemaLoader.Options()
        options.allowNetwork = true
        online = SchemaLoader(options: options)
        options.allowNetwork = false
        offline = SchemaLoader(options: options)
    }

    func loader(allowNetwork: Bool) -> SchemaLoader { allowNetwork ? online : offline }
}
