import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeFileSync } from 'node:fs'
const [url, email] = process.argv.slice(2)
const origin = new URL(url).origin
const answer = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, password: 'Password1' }) })
const cookie = answer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] })
const r = await lighthouse(url, { port: chrome.port, extraHeaders: { Cookie: cookie }, logLevel: 'error' })
writeFileSync('/tmp/lhr2.json', JSON.stringify(r.lhr))
await chrome.kill()
