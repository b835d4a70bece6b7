// Route options taken from an operation of openapi.yaml: method, URL, permission and schema all
// come from generated/, so a route cannot drift from the contract.
import { operations, type OperationId } from '../../generated/schemas.js'

export function operation<Id extends OperationId>(id: Id) {
  const op = operations[id]
  return { method: op.method, url: op.url, config: { operationId: id, permission: op.permission } }
}
