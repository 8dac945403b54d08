import { http, HttpResponse } from 'msw'
import enUS from '../../../public/locales/en-US/translation.json'
import jpJP from '../../../public/locales/jp-JP/translation.json'
import { appUrl } from '../http'

/** The i18next backend's files, served from the app origin (not the API). */
const TRANSLATIONS: Record<string, unknown> = { 'en-us': enUS, 'jp-jp': jpJP }

export const translationHandlers = [
  http.get(appUrl('/locales/:lng/translation.json'), ({ params }) => {
    const translation = TRANSLATIONS[String(params['lng']).toLowerCase()]
    return translation
      ? HttpResponse.json(translation)
      : HttpResponse.json({ message: 'Not found' }, { status: 404 })
  }),
]
