/// SourceRange, SourcePosition, the flat document and the node tree are part of this library's API.
@_exported import YAMLSyntax
