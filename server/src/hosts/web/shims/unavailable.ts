// `fs`, `url` and `crypto` of the web build: tailwindcss requires them when it loads and calls them
// only to read config and content files, which the core never gives it; a call says so.
const unavailable: object = new Proxy(
  {},
  {
    get: (_, key) =>
      key === '__esModule' || typeof key === 'symbol'
        ? undefined
        : () => {
            throw new Error(`${String(key)} is not available in the browser`);
          },
  },
);
export default unavailable;
