// The async boundary lets federation set up shared modules before any of them is used.
import('./bootstrap');
