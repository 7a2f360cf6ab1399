#!/bin/sh
# Makes Baza's PostgreSQL role and a database it owns (on PostgreSQL 15 a role that
# does not own the database may not create tables in `public`).
#
#   sudo -u postgres BAZA_DB_PASSWORD_FILE=/etc/baza/db-password sh setup.sh [ROLE [DATABASE]]
#
# The password comes from the file named by BAZA_DB_PASSWORD_FILE (readable by the
# user running this script: `install -m 600 -o postgres /dev/null FILE`), or from the
# environment variable BAZA_DB_PASSWORD; never from the command line, where `ps`
# would show it. psql reads it with \getenv (psql 15 or later). Which server: psql's
# usual PGHOST, PGPORT and PGUSER (by default, the local socket as `postgres`).
# ROLE and DATABASE default to `baza`; they must be plain names (letters, digits, _).
set -eu
role=${1:-baza}
db=${2:-$role}
for name in "$role" "$db"; do
  case $name in
    ''|*[!A-Za-z0-9_]*) echo "setup.sh: «$name»: letters, digits and _ only" >&2; exit 2 ;;
  esac
done
if [ -n "${BAZA_DB_PASSWORD_FILE:-}" ]; then
  if [ ! -r "$BAZA_DB_PASSWORD_FILE" ]; then
    echo "setup.sh: $(id -un) cannot read $BAZA_DB_PASSWORD_FILE: make it that user's (install -m 600 -o $(id -un) /dev/null FILE)" >&2
    exit 2
  fi
  BAZA_DB_PASSWORD=$(cat "$BAZA_DB_PASSWORD_FILE")
fi
if [ -z "${BAZA_DB_PASSWORD:-}" ]; then
  echo "setup.sh: set BAZA_DB_PASSWORD_FILE (or BAZA_DB_PASSWORD) to the role's password" >&2
  exit 2
fi
export BAZA_DB_PASSWORD
psql -X -q -v ON_ERROR_STOP=1 -d postgres <<SQL
\getenv pw BAZA_DB_PASSWORD
CREATE ROLE $role LOGIN PASSWORD :'pw';
CREATE DATABASE $db OWNER $role;
REVOKE ALL ON DATABASE $db FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE $db TO $role;
SQL
echo "role $role and database $db (owned by $role) made"
