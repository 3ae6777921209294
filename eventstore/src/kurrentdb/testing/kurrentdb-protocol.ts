import { createRequire } from 'node:module';

/*
 * The gRPC service definitions and message classes generated from KurrentDB's own .proto files
 * (kurrentdb/protocols/v1/streams.proto, shared.proto, status.proto, serverfeatures.proto),
 * exactly as `@kurrent/kurrentdb-client` ships them: the package carries the generated code, not
 * the .proto sources. The fake server uses these very modules, so it decodes what the client
 * encodes and encodes what the client decodes; no message shape is written by hand.
 *
 * Loaded with require: the generated files are CommonJS whose exports Node cannot list
 * statically. They resolve to the same module instances the client uses, so the generated
 * serializers' `instanceof` checks hold for the messages built here.
 */
const require = createRequire(import.meta.url);
const V1 = '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1';

export const streams: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb') =
  require(`${V1}/streams_pb.js`);
export const {
  StreamsService,
}: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb') =
  require(`${V1}/streams_grpc_pb.js`);
export const shared: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb') =
  require(`${V1}/shared_pb.js`);
export const status: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb') =
  require(`${V1}/status_pb.js`);
export const serverFeatures: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb') =
  require(`${V1}/serverfeatures_pb.js`);
export const {
  ServerFeaturesService,
}: typeof import('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb') =
  require(`${V1}/serverfeatures_grpc_pb.js`);

// The well-known types, from the google-protobuf instance the generated code itself requires
// (resolved from the client's own folder).
const fromClient = createRequire(require.resolve('@kurrent/kurrentdb-client/package.json'));
export const wellKnown = {
  Any: (
    fromClient(
      'google-protobuf/google/protobuf/any_pb.js',
    ) as typeof import('google-protobuf/google/protobuf/any_pb')
  ).Any,
  Empty: (
    fromClient(
      'google-protobuf/google/protobuf/empty_pb.js',
    ) as typeof import('google-protobuf/google/protobuf/empty_pb')
  ).Empty,
  Timestamp: (
    fromClient(
      'google-protobuf/google/protobuf/timestamp_pb.js',
    ) as typeof import('google-protobuf/google/protobuf/timestamp_pb')
  ).Timestamp,
};
