import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'

/** §9: toasts top-right, closing after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000

/**
 * Where toasts show. Its own chunk, with the library's styles: no page needs them to paint, and a
 * toast raised before it is on the page waits for it (react-toastify queues it).
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
}
