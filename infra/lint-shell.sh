#!/usr/bin/env bash
# make lint's check of the shell scripts: ShellCheck (shellcheck -x, its settings in .shellcheckrc)
# and shfmt's layout (shfmt -d, its style in .editorconfig) over every script git tracks: each
# *.sh, and each other file whose first line is a shebang naming sh or bash (.ci/run, ...), so a
# new script is checked as soon as it is added. Prints what they found, then one line: how many
# scripts and findings; fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/shell-lib.sh
need_commands "make lint" shellcheck shfmt git || exit 1

shebang_names_sh() { # FILE: its first line is a shebang naming sh or bash
  head -c 64 -- "$1" | head -n 1 | grep -qE '^#!.*\b(ba)?sh\b'
}
scripts=()
while IFS= read -r -d '' file; do
  [[ -f $file ]] || continue
  if [[ $file == *.sh ]] || shebang_names_sh "$file"; then scripts+=("$file"); fi
done < <(git ls-files -z)
((${#scripts[@]})) || {
  echo "shellcheck and shfmt: no shell scripts found" >&2
  exit 1
}

# ShellCheck: a finding is one "SCnnnn (severity)" mark under a line of its report.
shellcheck_found=0
if ! report=$(shellcheck -x -- "${scripts[@]}" 2>&1); then
  printf '%s\n' "$report"
  shellcheck_found=$(grep -cE 'SC[0-9]+ \((error|warning|info|style)\)' <<<"$report" || true)
  ((shellcheck_found > 0)) || shellcheck_found=1 # an error of its own (a file it could not read)
fi

# shfmt: a finding is a script whose layout differs from the style, or that it cannot parse. Given
# no formatting flags, shfmt takes them from .editorconfig, whose section names the scripts
# without the .sh extension one by one: one not named there would be held to shfmt's defaults.
shfmt_found=0
for file in "${scripts[@]}"; do
  if [[ $file != *.sh ]] && ! grep -qF -- "$file" .editorconfig; then
    echo "$file: not named in .editorconfig's section of the shell scripts, so shfmt would not use their style"
    shfmt_found=$((shfmt_found + 1))
  fi
done
if ! diffs=$(shfmt -d -- "${scripts[@]}" 2>&1); then
  printf '%s\n' "$diffs"
  unformatted=$(grep -cE '^\+\+\+ ' <<<"$diffs" || true)
  unparsed=$(grep -cE '^[^ +@-][^:]*:[0-9]+:[0-9]+: ' <<<"$diffs" || true)
  shfmt_found=$((shfmt_found + unformatted + unparsed))
  ((shfmt_found > 0)) || shfmt_found=1
fi

found=$((shellcheck_found + shfmt_found))
summary="shellcheck and shfmt: ${#scripts[@]} scripts, $found findings"
((found == 0)) || summary+=" (shellcheck $shellcheck_found, shfmt $shfmt_found; shfmt -w FILE formats one)"
echo "$summary"
((found == 0))
