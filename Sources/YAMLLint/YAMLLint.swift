/// yamllint-compatible lint rules over the lossless syntax tree. See LintRule.
