// Shipping details of test shoppers, shared by the checkout tests.
export const US_SHOPPER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  email: 'ada@example.com',
  address: '1 Main St',
  address2: '',
  country: 'US',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};

export const FR_SHOPPER = {
  ...US_SHOPPER,
  email: 'zoe@example.fr',
  country: 'FR',
  city: 'Paris',
  state: 'Île-de-France',
  zip: '75001',
};
