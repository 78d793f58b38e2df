// YAMLFormatter
