/// Schema loading at the edge: files and http(s) with an on-disk cache. See SchemaLoader.
