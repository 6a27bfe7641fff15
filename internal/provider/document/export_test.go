package document

// MaxInlineContent is what the external tests of this package (package
// document_test) check against.
const MaxInlineContent = maxInlineContent
