/**
 * Start-sequence hook point for the product catalogue (spec §4: company info → product
 * categories → initialised).
 *
 * The catalogue feature replaces the body of this function with the category query of spec §7
 * (pageindex 0, limit 999999, ClientIsShow true, belonging 1) and its three-level tree (spec §3).
 * Until that feature exists there are no categories to load, and the app starts without them.
 */
export async function loadProductCategories(): Promise<void> {
  return Promise.resolve();
}
