// Route options taken from an operation of openapi.yaml: method, URL, permission and schema all
// come from generated/, so a route cannot drift from the contract.
import type { FastifyRequest } from 'fastify'
import { operations, type OperationId } from '../../generated/schemas.js'

/** An operation whose body may be left out validates an absent body as an empty object. */
async function emptyBody(request: FastifyRequest) {
  request.body ??= {}
}

export function operation<Id extends OperationId>(id: Id) {
  const op = operations[id]
  return {
    method: op.method,
    url: op.url,
    config: { operationId: id, permission: op.permission },
    ...('optionalBody' in op ? { preValidation: emptyBody } : {}),
  }
}
