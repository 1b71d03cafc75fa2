// The colour theme chosen in Settings ("light" or "dark"; none follows the device), set
// before the stylesheet is applied so the page never flashes in the other theme.
try {
  const theme = localStorage.getItem("bt_theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  // storage blocked: follow the device
}
