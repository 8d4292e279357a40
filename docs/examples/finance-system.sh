#!/bin/sh
# An external finance system, end to end, with curl only (docs/integration.md): get a token with
# client_credentials, push a process with a task for lisi, see it in lisi's to-do, close it, see it in her done
# list. Needs HALL (the portal's address) and either CLIENT_ID + CLIENT_SECRET of a system client of the finance
# system, or ADMIN_TOKEN (a system administrator's access token) to register one first.
set -eu
HALL=${HALL:-http://localhost:3000}
SYSTEM=${SYSTEM:-sys-cwxt}          # the demo's finance system, owning the app "invoice"
APP=${APP:-invoice}
ID=${ID:-BX-$(date +%Y%m%d%H%M%S)}  # the finance system's own id of the claim
JSON='Content-Type: application/json'

field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }   # one string field of a JSON answer
check() { if ! printf %s "$2" | grep -q "$3"; then echo "FAILED: $1 — expected $3 in: $2" >&2; exit 1; fi; echo "ok: $1"; }

if [ -z "${CLIENT_ID:-}" ]; then
  : "${ADMIN_TOKEN:?set CLIENT_ID and CLIENT_SECRET, or ADMIN_TOKEN to register a client}"
  CLIENT_ID="finance-demo-$(date +%s)"
  answer=$(curl -s -X POST "$HALL/api/admin/clients" -H "Authorization: Bearer $ADMIN_TOKEN" -H "$JSON" \
    -d "{\"kind\":\"system\",\"clientId\":\"$CLIENT_ID\",\"name\":\"Finance demo\",\"systemId\":\"$SYSTEM\",\"scopes\":[\"task\",\"task_edit\",\"process\",\"process_edit\"]}")
  check "client registered" "$answer" '"errno":0'
  CLIENT_SECRET=$(printf %s "$answer" | field clientSecret)
fi

# 1. A token for the system.
answer=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" "$HALL/oidc/token" \
  -d grant_type=client_credentials -d 'scope=task task_edit process process_edit')
TOKEN=$(printf %s "$answer" | field access_token)
check "token (client_credentials)" "$answer" '"token_type":"Bearer"'
SYS="Authorization: Bearer $TOKEN"

# 2. A claim of zhangsan's with a review task for lisi.
answer=$(curl -s -X PUT "$HALL/api/integration/processes/$ID" -H "$SYS" -H "$JSON" \
  -d "{\"app\":\"$APP\",\"owner\":\"zhangsan\",\"name\":\"差旅报销 $ID\",\"uri\":\"https://finance.example.edu/bx/$ID\"}")
check "process pushed" "$answer" '"errno":0'
answer=$(curl -s -X PUT "$HALL/api/integration/tasks/$ID-review" -H "$SYS" -H "$JSON" \
  -d "{\"process\":\"$ID\",\"assignee\":\"lisi\",\"name\":\"报销审核\",\"uri\":\"https://finance.example.edu/bx/$ID/review\"}")
check "task for lisi pushed" "$answer" '"errno":0'

# 3. lisi's to-do, read by the system for her (its own app only): app code, system name, absolute uri.
answer=$(curl -s "$HALL/api/user/lisi/tasks/todo?keyword=$ID" -H "$SYS")
check "in lisi's to-do" "$answer" "\"code\":\"$APP\""
check "with the system's name" "$answer" '"system":{[^}]*"name":"[^"]'
check "with an absolute uri" "$answer" "\"uri\":\"https://finance.example.edu/bx/$ID/review\""

# 4. lisi approved in the finance system: finish the task and close the claim.
answer=$(curl -s -X PUT "$HALL/api/integration/tasks/$ID-review" -H "$SYS" -H "$JSON" \
  -d "{\"process\":\"$ID\",\"assignee\":\"lisi\",\"name\":\"报销审核\",\"uri\":\"https://finance.example.edu/bx/$ID/review\",\"status\":\"done\",\"actionName\":\"同意\"}")
check "task done" "$answer" '"errno":0'
answer=$(curl -s -X POST "$HALL/api/integration/processes/$ID/close" -H "$SYS" -H "$JSON" -d '{"status":"completed"}')
check "process closed" "$answer" '"errno":0'

# 5. Gone from her to-do, in her done list.
answer=$(curl -s "$HALL/api/user/lisi/tasks/todo?keyword=$ID" -H "$SYS")
check "left lisi's to-do" "$answer" '"total":0'
answer=$(curl -s "$HALL/api/user/lisi/processes/done?keyword=$ID" -H "$SYS")
check "in lisi's done list" "$answer" "$ID"
echo "finance system walk-through passed"
