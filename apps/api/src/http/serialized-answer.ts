/**
 * A success envelope already serialised by the call's own answer schema (reply.serialize), so
 * it is sent as it is: for answers a handler keeps and sends many times unchanged (the session
 * check: auth/session-details.ts). registerCall sends it with the JSON content type.
 */
export class SerializedAnswer {
  constructor(readonly json: string) {}
}
