// The operator's HTML dashboard. Built by the dashboard issue.
import type { FastifyInstance } from 'fastify'
import { notImplemented } from '../operation.js'

export default async function dashboardRoutes(app: FastifyInstance) {
  notImplemented(app, 'getDashboard')
}
