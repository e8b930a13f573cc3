/**
 * Navigation for code outside React (the HTTP client's licence redirect). The router registers
 * itself here when it is created, which keeps the client free of a router import cycle.
 */
let navigator: (path: string) => void = (path) => window.location.assign(path);

export function setNavigator(navigate: (path: string) => void): void {
  navigator = navigate;
}

export function navigateTo(path: string): void {
  navigator(path);
}
