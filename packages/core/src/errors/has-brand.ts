/**
 * Whether `value` carries `brand`, a `Symbol.for` key an error class sets on its instances.
 * Error classes are recognised by brand rather than `instanceof` because the code that throws and
 * the code that catches may hold different copies of the package that defines the class (a plugin
 * installed with its own copy), and `instanceof` is false across copies; `Symbol.for` keys are the
 * same in every copy in the process.
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && brand in value;
}
