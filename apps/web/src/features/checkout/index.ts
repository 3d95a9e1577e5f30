/**
 * Public face of checkout for other features: none. The checkout page itself is loaded with the
 * order pages; a cart line's own artwork (batch ordering) comes with the line from the server.
 */
export {};
