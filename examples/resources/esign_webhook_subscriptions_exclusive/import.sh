# Every subscription whose uri starts with https://hooks.example.com/prod/:
terraform import esign_webhook_subscriptions_exclusive.prod '*/https://hooks.example.com/prod/'

# The whole account:
terraform import esign_webhook_subscriptions_exclusive.prod '*'

# Every subscription of two event types (any case and order), whatever its uri:
terraform import esign_webhook_subscriptions_exclusive.prod 'signatorysigned,signaturerequestcompleted'
