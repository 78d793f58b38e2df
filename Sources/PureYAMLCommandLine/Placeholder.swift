// PureYAMLCommandLine
