import type { FastifySchemaCompiler, FastifyServerOptions, FastifySerializerCompiler } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * A Fastify instance's schema compilers, given as the factories in its options
 * (`schemaController.compilersFactory`). Fastify asks for these when it first compiles a schema and
 * then never requires its defaults, ajv and fast-json-stringify (1–2 MB of a server's memory;
 * docs/performance.md), as it would when the compilers are set on the instance once it is made.
 * Fastify types the factories as its defaults' own; at run time it only calls the compiler each
 * returns, with the route's schema, as it calls one set with setValidatorCompiler.
 */
export function compilersFactory<Schema>(
  validatorCompiler: FastifySchemaCompiler<Schema>,
  serializerCompiler: FastifySerializerCompiler<Schema>,
): CompilersFactory {
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory;
}
