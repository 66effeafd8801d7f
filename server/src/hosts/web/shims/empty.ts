// `stream` of the web build: sax reads `stream.Stream` only for its streaming parser, which the
// core does not use, and stands in an empty function when there is none.
export {};
