// YAMLSchema
