/** One contract behaviour a reference provider can switch off, to show the contract suite catches it. */
export type ReferenceProviderBreak =
  | 'empty-stop'
  | 'key-in-url'
  | 'leak-key'
  | 'retry-400'
  | 'fixed-connections'
  | 'unbounded-connections';
