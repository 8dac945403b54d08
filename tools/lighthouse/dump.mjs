import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeFileSync } from 'node:fs'
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] })
const r = await lighthouse(process.argv[2], { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
writeFileSync('/tmp/lhr.json', JSON.stringify(r.lhr))
await chrome.kill()
