// YAMLDocumentModel
