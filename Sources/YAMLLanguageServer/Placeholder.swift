// YAMLLanguageServer
