// Route options taken from an operation of openapi.yaml: method, URL, permission and schema all
// come from generated/, so a route cannot drift from the contract.
import type { FastifyInstance } from 'fastify'
import { operations, type OperationId } from '../../generated/schemas.js'
import { ApiError } from '../domain/errors.js'

export function operation<Id extends OperationId>(id: Id) {
  const op = operations[id]
  return { method: op.method, url: op.url, config: { operationId: id, permission: op.permission } }
}

/**
 * An operation whose behaviour a later issue builds: it authenticates and authorizes like the real
 * one (so the permission matrix already holds), then answers 501.
 */
export function notImplemented(app: FastifyInstance, id: OperationId) {
  app.route({
    ...operation(id),
    handler: async function notImplementedYet() {
      throw new ApiError('not_implemented', `${id} is not implemented yet`)
    },
  })
}
