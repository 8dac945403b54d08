import type { Config } from 'tailwindcss'

// Loaded by src/index.css through `@config`; the breakpoints are the specification's (§2).
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: {
      xs: '320px',
      sm: '640px',
      md: '768px',
      lg: '1024px',
      xl: '1280px',
      xxl: '1440px',
      xxxl: '1920px',
    },
    extend: {
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9eaff',
          500: '#2f6fed',
          600: '#2159d4',
          700: '#1b47a8',
        },
      },
      maxWidth: { dialog: '450px' },
      height: { bio: '300px' },
    },
  },
} satisfies Config
