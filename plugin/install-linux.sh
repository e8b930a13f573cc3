#!/usr/bin/env bash
# Registers the cityops-plugin:// URL scheme for this user, so a CityOps page can start the video
# plug-in: a .desktop file in ~/.local/share/applications running plugin/start.sh, made the
# handler of x-scheme-handler/cityops-plugin with xdg-mime.
#   plugin/install-linux.sh              install (again: it rewrites the same file)
#   plugin/install-linux.sh --uninstall  remove the handler
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scheme=cityops-plugin # PLUGIN_URL_SCHEME in packages/contract/src/videoPlugin.ts
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
desktop="$apps/$scheme.desktop"

if [[ ${1:-} == --uninstall ]]; then
  rm -f "$desktop"
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
  echo "removed $desktop"
  exit 0
fi

for tool in xdg-mime ffplay ffmpeg xdotool; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "missing $tool: run scripts/ensure-deps.sh --plugin (or apt-get install xdg-utils ffmpeg xdotool)" >&2
    exit 1
  }
done

# Quoted only when it must be: xdg-open's fallback (no desktop environment) does not read quotes.
exec_path="$here/start.sh"
[[ $exec_path =~ ^[A-Za-z0-9/._+-]+$ ]] || exec_path="\"$exec_path\""

mkdir -p "$apps"
cat >"$desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=CityOps video plug-in
Comment=Native video windows for the CityOps web pages
Exec=$exec_path %u
Terminal=false
NoDisplay=true
MimeType=x-scheme-handler/$scheme;
DESKTOP
xdg-mime default "$scheme.desktop" "x-scheme-handler/$scheme"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "installed $desktop: $scheme:// now starts $here/start.sh"
echo "check: xdg-mime query default x-scheme-handler/$scheme"
