// DATABASE_URL as libpq reads it, for postgres.js: a server on a Unix socket is named by a directory
// as the host, either in the `host` parameter with an empty host part
// (postgres://user@/db?host=/var/run/postgresql) or percent-encoded in the host part
// (postgres://user@%2Fvar%2Frun%2Fpostgresql/db). postgres.js takes that directory as its `host`
// option only, so the URL it is given names localhost instead and the option carries the directory.

export interface PostgresTarget {
  /** The URL as postgres.js parses it. */
  url: string
  /** The socket directory, when the URL names one: postgres.js's `host` option. */
  host?: string
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/

/** Where a DATABASE_URL points, in the terms postgres.js takes. */
export function postgresTarget(databaseUrl: string): PostgresTarget {
  const m = URL_PARTS.exec(databaseUrl)
  if (!m) return { url: databaseUrl }
  const [, scheme, authority = '', path = '', search = ''] = m
  const at = authority.lastIndexOf('@')
  const userInfo = at >= 0 ? authority.slice(0, at + 1) : ''
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority
  const params = new URLSearchParams(search)
  const hostParam = params.get('host')
  let dir: string | undefined
  let port = ''
  if (hostParam?.startsWith('/')) {
    dir = hostParam
    params.delete('host')
    port = /:(\d+)$/.exec(hostPort)?.[1] ?? params.get('port') ?? ''
    params.delete('port')
  } else if (/^%2F/i.test(hostPort)) {
    const colon = hostPort.lastIndexOf(':')
    const encoded = colon > 0 && /^\d+$/.test(hostPort.slice(colon + 1)) ? hostPort.slice(0, colon) : hostPort
    port = encoded === hostPort ? '' : hostPort.slice(colon + 1)
    dir = decodeURIComponent(encoded)
  }
  if (dir === undefined) return { url: databaseUrl }
  const query = params.toString()
  return { url: `${scheme}${userInfo}localhost${port ? `:${port}` : ''}${path}${query ? `?${query}` : ''}`, host: dir }
}

/** The same server with another database: what `databaseUrl` names, with its path replaced. */
export function withDatabase(databaseUrl: string, database: string): string {
  const m = URL_PARTS.exec(databaseUrl)
  if (!m) throw new Error('not a postgres:// URL')
  const [, scheme, authority = '', , search = ''] = m
  return `${scheme}${authority}/${encodeURIComponent(database)}${search}`
}

/** What is missing from `databaseUrl` for postgres.js to know where to connect, or null. */
export function postgresUrlProblem(databaseUrl: string): string | null {
  const target = postgresTarget(databaseUrl)
  const authority = URL_PARTS.exec(target.url)?.[2] ?? ''
  if (!target.host && !authority.slice(authority.lastIndexOf('@') + 1)) {
    return 'DATABASE_URL names no host: give one (postgres://user@127.0.0.1:5432/db) or a socket directory (postgres://user@/db?host=/var/run/postgresql)'
  }
  return null
}
